import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives the contract defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 8080, HOST: '127.0.0.1', ADMIN_EMAIL: 'admin@balcao.local', STORAGE: 'local', LOG_LEVEL: 'info' });
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
