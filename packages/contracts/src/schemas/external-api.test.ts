import { describe, expect, it } from 'vitest';
import { externalNumber, externalSendFields } from './external-api.js';
import { connectionBody, connectionUpdateBody } from './connections.js';

describe('external API fields', () => {
  it('number: digits once + ( ) - and spaces are dropped, 8 to 15 of them', () => {
    expect(externalNumber.parse('+55 (11) 98765-4321')).toBe('5511987654321');
    expect(externalNumber.parse(5511987654321)).toBe('5511987654321');
    expect(externalNumber.parse('12345678')).toBe('12345678');
    for (const bad of ['1234567', '1234567890123456', '55.11.987654321', 'abc', '', 5511.5, -55119876543, null])
      expect(externalNumber.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('body: text up to 4096 characters, empty by default', () => {
    expect(externalSendFields.parse({ number: '5511987654321' })).toEqual({ number: '5511987654321', body: '' });
    expect(externalSendFields.safeParse({ number: '5511987654321', body: 'x'.repeat(4097) }).success).toBe(false);
  });
});

describe('connection secrets as shown', () => {
  it('a masked secret or a null sent back means "unchanged"', () => {
    const edit = connectionUpdateBody.parse({
      accessToken: '••••abcd',
      appSecret: '••••wxyz',
      phoneNumberId: null,
      verifyToken: null,
    });
    expect(edit).toEqual({});
    expect(connectionUpdateBody.parse({ appSecret: 'a-new-secret' })).toEqual({ appSecret: 'a-new-secret' });
    expect(
      connectionBody.parse({ name: 'Cloud', provider: 'cloud', accessToken: '••••abcd' }).accessToken,
    ).toBeUndefined();
  });
});
