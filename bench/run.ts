import { benchStartup } from './startup.ts';
import { benchLoginBundle } from './login-bundle.ts';
import { benchCloudWebhook } from './cloud-webhook.ts';
import { benchChatbot } from './chatbot.ts';
import { benchTimeRules } from './time-rules.ts';
import { benchInboxDataset } from './inbox-dataset.ts';
import { benchInboxQueries } from './inbox-queries.ts';
import { benchInboxFanout } from './inbox-fanout.ts';
import { benchMessagesStorage } from './messages-storage.ts';
import { benchContactListImport } from './contact-list-import.ts';
import { benchContactsSearch } from './contacts-search.ts';
import { benchCampaign } from './campaign.ts';
import { benchOutbox } from './outbox.ts';
import { benchFlows } from './flows.ts';
import { benchDashboard } from './dashboard.ts';
import { benchAttendance } from './attendance.ts';
import { benchIntegrations } from './integrations.ts';
import { benchAi } from './ai.ts';
import { benchChat } from './chat.ts';
import { benchHostileUploads } from './hostile-uploads.ts';
import { benchMultiProcess } from './multi-process.ts';
import { benchAtendechatImport } from './atendechat-import.ts';
import { bundleServer } from './lib.ts';

bundleServer();

/** `npm run bench`: every benchmark, each printing one JSON object. BENCH=name runs one. */
const benches: Record<string, () => Promise<unknown>> = {
  startup: () => benchStartup(),
  'login-bundle': () => benchLoginBundle(),
  'cloud-webhook': () => benchCloudWebhook(),
  chatbot: () => benchChatbot(),
  'time-rules': () => benchTimeRules(),
  // The inbox dataset (generated once, then kept under .tmp/bench-inbox) and what is measured on it.
  'inbox-dataset': () => benchInboxDataset(),
  'inbox-queries': () => benchInboxQueries(),
  'inbox-fanout': () => benchInboxFanout(),
  'messages-storage': () => benchMessagesStorage(),
  'contact-list-import': () => benchContactListImport(),
  'contacts-search': () => benchContactsSearch(),
  outbox: () => benchOutbox(),
  campaign: () => benchCampaign(),
  flows: () => benchFlows(),
  dashboard: () => benchDashboard(),
  attendance: () => benchAttendance(),
  integrations: () => benchIntegrations(),
  ai: () => benchAi(),
  chat: () => benchChat(),
  'hostile-uploads': () => benchHostileUploads(),
  'multi-process': () => benchMultiProcess(),
  'atendechat-import': () => benchAtendechatImport(),
};

const only = process.env.BENCH?.split(',');
for (const [name, bench] of Object.entries(benches)) {
  if (only && !only.includes(name)) continue;
  console.log(JSON.stringify(await bench(), null, 2));
}
