import { existsSync } from 'node:fs';
import path from 'node:path';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The browser tier needs Debian's Chromium and the built web app (npm test builds it). */
export default function setup() {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  if (!existsSync(path.resolve('packages/web/dist/index.html'))) {
    throw new Error('The web app is not built: npm run build -w @balcao/web');
  }
}
