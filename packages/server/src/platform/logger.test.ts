import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger.js';
import { likePattern } from './pagination.js';

describe('redactUrl', () => {
  it('keeps emails, codes and passwords of reset paths out of the logs', () => {
    expect(redactUrl('/api/resetpasswords/a%40b.co/123456/Secret123')).toBe('/api/resetpasswords/:email/:token/:newPassword');
    expect(redactUrl('/api/forgetpassword/a@b.co')).toBe('/api/forgetpassword/:email');
    expect(redactUrl('/socket.io/?token=abc&EIO=4')).toBe('/socket.io/?token=[redacted]&EIO=4');
    expect(redactUrl('/api/users?pageNumber=2')).toBe('/api/users?pageNumber=2');
    expect(redactUrl('/api/webhooks/whatsapp/7?hub.mode=subscribe&hub.verify_token=s3cret&hub.challenge=42')).toBe(
      '/api/webhooks/whatsapp/7?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=42',
    );
  });
});

describe('likePattern', () => {
  it('matches the text literally, lower-cased', () => {
    expect(likePattern('50%_Off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
