import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, isErrorCode } from './errors.js';

describe('the error catalogue', () => {
  it('knows its own codes only, not inherited keys', () => {
    expect(isErrorCode('ERR_VALIDATION')).toBe(true);
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 42])
      expect(isErrorCode(key)).toBe(false);
  });

  it('answers a connection that is not up with 409: a state the caller can change, not an outage', () => {
    expect(ERROR_STATUS.ERR_WAPP_NOT_INITIALIZED).toBe(409);
  });
});
