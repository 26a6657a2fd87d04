import type { Deps } from '../platform/context.js';
import { chatbotJobDef } from '../platform/job-registry.js';

/**
 * Asks the chatbot to answer a stored customer message: a retried job, at most one queued per
 * message (singleton key). Whether the ticket is the bot's is the job's to decide, on fresh state.
 */
export async function enqueueChatbot(deps: Deps, companyId: number, received: { messageId: number; ticketId: number }) {
  await deps.jobs.send(
    chatbotJobDef,
    { companyId, ticketId: received.ticketId, messageId: received.messageId },
    { singletonKey: `message:${received.messageId}` },
  );
}
