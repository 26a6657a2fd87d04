import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signBody, validSignature } from './signature.js';

const secret = 'app-secret-123';
const body = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');
const hmac = createHmac('sha256', secret).update(body).digest('hex');

describe('X-Hub-Signature-256', () => {
  it('is sha256= and the hex HMAC-SHA256 of the raw body with the app secret', () => {
    expect(signBody(body, secret)).toBe(`sha256=${hmac}`);
    expect(validSignature(body, `sha256=${hmac}`, secret)).toBe(true);
    expect(validSignature(body, `sha256=${hmac.toUpperCase()}`, secret)).toBe(true);
  });

  it('refuses a missing header, another scheme, a short or wrong digest, another secret or body', () => {
    expect(validSignature(body, undefined, secret)).toBe(false);
    expect(validSignature(body, ['a', 'b'], secret)).toBe(false);
    expect(validSignature(body, hmac, secret)).toBe(false);
    expect(validSignature(body, `sha1=${hmac}`, secret)).toBe(false);
    expect(validSignature(body, `sha256=${hmac.slice(2)}`, secret)).toBe(false);
    expect(validSignature(body, `sha256=${'0'.repeat(64)}`, secret)).toBe(false);
    expect(validSignature(body, signBody(body, 'other'), secret)).toBe(false);
    expect(validSignature(Buffer.from(`${body} `), `sha256=${hmac}`, secret)).toBe(false);
  });

  it('never validates without an app secret', () => {
    expect(validSignature(body, signBody(body, ''), '')).toBe(false);
    expect(validSignature(body, signBody(body, ''), null)).toBe(false);
  });
});
