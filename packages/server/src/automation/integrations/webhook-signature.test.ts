import { createHmac } from 'node:crypto';
import { expect, it } from 'vitest';
import { signDelivery } from './webhook-signature.js';

it('signs "{timestamp}.{body}" with HMAC-SHA256 of the secret, as sha256=<hex>', () => {
  const body = '{"event":"message.received"}';
  // RFC 4231 style check against node's HMAC computed independently of the helper's string building.
  const hex = createHmac('sha256', 's3cret')
    .update(Buffer.from(`1700000000.${body}`, 'utf8'))
    .digest('hex');
  expect(signDelivery('s3cret', 1700000000, body)).toBe(`sha256=${hex}`);
  expect(signDelivery('s3cret', 1700000001, body)).not.toBe(`sha256=${hex}`);
  expect(signDelivery('other', 1700000000, body)).not.toBe(`sha256=${hex}`);
  expect(signDelivery('s3cret', 1700000000, body)).toMatch(/^sha256=[0-9a-f]{64}$/);
});
