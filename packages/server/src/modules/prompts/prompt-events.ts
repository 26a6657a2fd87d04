import { domainEvent } from '../../platform/domain-event.js';
import type { PromptView } from './prompt-view.js';

/** The `prompt` topic, to admins only: the prompts page is theirs (prompts:manage). */
export const promptEvents = {
  saved: (companyId: number, action: 'create' | 'update', prompt: PromptView) =>
    domainEvent(companyId, 'prompt', { action, prompt }, { to: 'admins' }),
  deleted: (companyId: number, promptId: number) =>
    domainEvent(companyId, 'prompt', { action: 'delete', promptId }, { to: 'admins' }),
};
