import { responder } from './responder.js';
import { queueMessageJobs } from './message-jobs.js';
import { chatbotJobDef } from './chatbot-jobs.js';
import { runChatbot } from './run-chatbot.js';

/** The chatbot (the queue menu) takes what is left when it can have anything to say (chatbot-jobs.ts `botMayAct`). */
export const chatbotResponder = responder<string>({
  name: 'chatbot',
  claim: (deps, { tx }, companyId, open) =>
    queueMessageJobs(
      deps,
      tx,
      chatbotJobDef,
      companyId,
      open.filter((c) => c.botMayAct),
    ),
  react: (deps, message, jobId) => runChatbot(deps, message, { claim: jobId }),
});
