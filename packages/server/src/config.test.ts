import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives the contract defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      ADMIN_EMAIL: 'admin@balcao.local',
      STORAGE: 'local',
      LOG_LEVEL: 'info',
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.SMTP_URL).toBeUndefined();
    expect(c.DATA_DIR).toMatch(/\/data$/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', ADMIN_PASSWORD: ' ' }).DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable in one clear error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', STORAGE: 'ftp', JWT_SECRET: 'short', DATABASE_URL: 'nope' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as Error).message;
    for (const name of ['PORT', 'STORAGE', 'JWT_SECRET', 'DATABASE_URL']) expect(text).toContain(name);
  });
});

describe('STORAGE=s3', () => {
  it('needs S3_BUCKET: without it the start fails naming the variable', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: ' ' })).toThrow(/S3_BUCKET/);
    // Named alongside any other bad variable, in the same error.
    expect(() => loadConfig({ STORAGE: 's3', PORT: 'eighty' })).toThrow(/PORT[\s\S]*S3_BUCKET/);
  });

  it('takes the bucket, an optional endpoint, the region (default us-east-1) and a key pair', () => {
    const plain = loadConfig({ STORAGE: 's3', S3_BUCKET: 'media' });
    expect(plain).toMatchObject({ STORAGE: 's3', S3_BUCKET: 'media', S3_REGION: 'us-east-1' });
    expect([plain.S3_ENDPOINT, plain.S3_ACCESS_KEY_ID, plain.S3_SECRET_ACCESS_KEY]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(
      loadConfig({
        STORAGE: 's3',
        S3_BUCKET: 'media',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'sa-east-1',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }),
    ).toMatchObject({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'sa-east-1', S3_ACCESS_KEY_ID: 'key' });
  });

  it('refuses an endpoint that is not a URL and half a key pair', () => {
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'media', S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(
      /S3_ACCESS_KEY_ID/,
    );
  });

  it('the bucket is not asked for with local storage', () => {
    expect(loadConfig({ STORAGE: 'local' }).S3_BUCKET).toBeUndefined();
  });
});
