import { benchStartup } from './startup.ts';
import { benchLoginBundle } from './login-bundle.ts';
import { benchCloudWebhook } from './cloud-webhook.ts';
import { bundleServer } from './lib.ts';

bundleServer();

/** `npm run bench`: every benchmark, each printing one JSON object. BENCH=name runs one. */
const benches: Record<string, () => Promise<unknown>> = {
  startup: () => benchStartup(),
  'login-bundle': () => benchLoginBundle(),
  'cloud-webhook': () => benchCloudWebhook(),
};

const only = process.env.BENCH?.split(',');
for (const [name, bench] of Object.entries(benches)) {
  if (only && !only.includes(name)) continue;
  console.log(JSON.stringify(await bench(), null, 2));
}
