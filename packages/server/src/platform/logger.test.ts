import { describe, expect, it } from 'vitest';
import { createLogger, redactUrl } from './logger.js';
import { likePattern } from './pagination.js';

describe('redactUrl', () => {
  it('keeps emails, codes and passwords of reset paths out of the logs', () => {
    expect(redactUrl('/api/resetpasswords/a%40b.co/123456/Secret123')).toBe(
      '/api/resetpasswords/:email/:token/:newPassword',
    );
    expect(redactUrl('/api/forgetpassword/a@b.co')).toBe('/api/forgetpassword/:email');
    expect(redactUrl('/socket.io/?token=abc&EIO=4')).toBe('/socket.io/?token=[redacted]&EIO=4');
    expect(redactUrl('/api/users?pageNumber=2')).toBe('/api/users?pageNumber=2');
    expect(redactUrl('/api/webhooks/whatsapp/7?hub.mode=subscribe&hub.verify_token=s3cret&hub.challenge=42')).toBe(
      '/api/webhooks/whatsapp/7?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=42',
    );
  });
});

describe('the request log', () => {
  it('redacts reset paths by what the router reads: percent-encoded letters, any case, extra slashes', () => {
    const lines: string[] = [];
    const log = createLogger({ LOG_LEVEL: 'info' }, { write: (line: string) => void lines.push(line) });
    const urls = [
      '/api/%72esetpasswords/a%40b.co/123456/Secret123',
      '/api/%72%65%73%65%74passwords/a%40b.co/123456/Secret123?x=1',
      '/api/ResetPasswords/a%40b.co/123456/Secret123',
      '/api//resetpasswords/a%40b.co/123456/Secret123',
      '/api/%66orgetpassword/a%40b.co',
      '/api/FORGETPASSWORD/a%40b.co',
    ];
    for (const url of urls) log.info({ req: { method: 'POST', url } }, 'incoming request');
    const logged = lines.map((l) => (JSON.parse(l) as { req: { url: string } }).req.url);
    expect(logged).toEqual([
      ...Array<string>(4).fill('/api/resetpasswords/:email/:token/:newPassword'),
      ...Array<string>(2).fill('/api/forgetpassword/:email'),
    ]);
    expect(lines.join('')).not.toMatch(/a%40b|a@b|123456|Secret123/);
  });

  it('leaves other paths as they are, even with a malformed escape', () => {
    expect(redactUrl('/api/%E0%A4%A/contacts')).toBe('/api/%E0%A4%A/contacts');
    expect(redactUrl('/api/resetpasswordsx')).toBe('/api/resetpasswordsx');
  });
});

describe('the request line', () => {
  const request = {
    req: { method: 'GET', url: '/socket.io/?token=abc&EIO=4' },
    res: { statusCode: 200 },
    responseTime: 12,
  };
  const capture = () => {
    const lines: string[] = [];
    return { lines, out: { write: (line: string) => void lines.push(line) } };
  };

  it('in a terminal: one concise human line (time, level, method, path, status, duration), secrets redacted', () => {
    const { lines, out } = capture();
    const log = createLogger({ LOG_LEVEL: 'info' }, out, { terminal: true, colorize: false });
    log.info(request, 'request completed');
    log.info({ url: 'http://127.0.0.1:8080' }, 'Balcão is listening');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/socket\.io\/\?token=\[redacted\]&EIO=4 200 12 ms\n$/);
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Balcão is listening \{"url":"http:\/\/127\.0\.0\.1:8080"\}\n$/);
  });

  it('elsewhere (a file, a collector): one JSON object a line, with the request’s fields', () => {
    const { lines, out } = capture();
    createLogger({ LOG_LEVEL: 'info' }, out).info(request, 'request completed');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/socket.io/?token=[redacted]&EIO=4' },
      res: { statusCode: 200 },
      responseTime: 12,
    });
  });
});

describe('likePattern', () => {
  it('matches the text literally, lower-cased', () => {
    expect(likePattern('50%_Off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
