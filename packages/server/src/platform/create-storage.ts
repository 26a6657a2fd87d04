import path from 'node:path';
import type { Config } from '../config.js';
import type { Storage } from './storage.js';
import { localStorage } from './storage-local.js';
import { s3Storage } from './storage-s3.js';

/** The backend `STORAGE` names (storage.ts holds the interface and the key rules both follow). */
export async function createStorage(config: Config): Promise<Storage> {
  if (config.STORAGE === 's3') {
    return s3Storage({
      bucket: config.S3_BUCKET!,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  return localStorage(path.join(config.DATA_DIR, 'media'));
}
