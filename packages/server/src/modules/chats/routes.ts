import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatBody, chatMessageBody, chatMessagesQuery, chatsQuery, chatUpdateBody, rowParams } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { listChats } from './list-chats.js';
import { getChat } from './get-chat.js';
import { createChat } from './create-chat.js';
import { updateChat } from './update-chat.js';
import { deleteChat } from './delete-chat.js';
import { listChatMessages } from './list-chat-messages.js';
import { sendChatMessage } from './send-chat-message.js';
import { readChat } from './read-chat.js';

/** `/:id` names a row of this entity (the route table reads which). */
const params = rowParams('chats');
/**
 * Every route needs the plan's useInternalChat. Any staff member creates chats; chat-view.ts
 * decides the rest: members only (404 for anyone else), the owner alone edits and deletes (403).
 */
const config = { feature: 'useInternalChat' } as const;

/** `/chats`: the team's internal chat. */
export const chatRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/', { schema: { querystring: chatsQuery }, config }, (req) => listChats(req.ctx, req.query));

    app.post('/', { schema: { body: chatBody }, config }, async (req, reply) =>
      reply.status(201).send(await createChat(req.ctx, req.body)),
    );

    app.get('/:id', { schema: { params }, config }, (req) => getChat(req.ctx, req.params.id));

    app.put('/:id', { schema: { params, body: chatUpdateBody }, config }, (req) =>
      updateChat(req.ctx, req.params.id, req.body),
    );

    app.delete('/:id', { schema: { params }, config }, async (req, reply) => {
      await deleteChat(req.ctx, req.params.id);
      return reply.status(204).send();
    });

    app.get('/:id/messages', { schema: { params, querystring: chatMessagesQuery }, config }, (req) =>
      listChatMessages(req.ctx, req.params.id, req.query),
    );

    app.post('/:id/messages', { schema: { params, body: chatMessageBody }, config }, async (req, reply) =>
      reply.status(201).send(await sendChatMessage(req.ctx, req.params.id, req.body)),
    );

    app.post('/:id/read', { schema: { params }, config: { ...config, input: { none: true } } }, (req) =>
      readChat(req.ctx, req.params.id),
    );
  };
