import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';

export interface Secrets {
  jwt: string;
  refresh: string;
}

/** JWT keys come from the environment, or are generated once and kept under DATA_DIR. */
export function loadSecrets(config: Config): Secrets {
  const file = path.join(config.DATA_DIR, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Secrets>;
  const secrets: Secrets = {
    jwt: config.JWT_SECRET ?? stored.jwt ?? randomBytes(48).toString('base64url'),
    refresh: config.JWT_REFRESH_SECRET ?? stored.refresh ?? randomBytes(48).toString('base64url'),
  };
  if (!config.JWT_SECRET || !config.JWT_REFRESH_SECRET) {
    if (stored.jwt !== secrets.jwt || stored.refresh !== secrets.refresh) {
      fs.mkdirSync(config.DATA_DIR, { recursive: true });
      fs.writeFileSync(file, JSON.stringify({ jwt: secrets.jwt, refresh: secrets.refresh }), { mode: 0o600 });
    }
  }
  return secrets;
}
