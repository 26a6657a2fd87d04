import { describe, expect, it } from 'vitest';
import { startTestApp } from '../test/support/app.js';

/** The security headers of an answer from an app started with this PUBLIC_URL (unset when undefined). */
async function headersWith(publicUrl: string | undefined): Promise<Headers> {
  const t = await startTestApp(publicUrl === undefined ? {} : { PUBLIC_URL: publicUrl });
  try {
    return (await fetch(`${t.url}/api/auth/me`)).headers;
  } finally {
    await t.stop();
  }
}

describe('HTTPS-only headers follow PUBLIC_URL', () => {
  it.each([
    ['unset', undefined],
    ['plain http on a LAN host', 'http://192.168.0.20:8080'],
  ])('%s: no HSTS and no upgrade-insecure-requests (the browser would leave plain http)', async (_name, publicUrl) => {
    const headers = await headersWith(publicUrl);
    expect(headers.get('strict-transport-security')).toBeNull();
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('https: HSTS and upgrade-insecure-requests', async () => {
    const headers = await headersWith('https://balcao.example.com');
    expect(headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });
});

describe('connect-src names only the app itself', () => {
  /** The sources of one CSP directive. */
  const directive = (csp: string, name: string) =>
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([n]) => n === name)
      ?.slice(1) ?? [];

  it.each([
    ['unset', undefined, ["'self'"]],
    ['https', 'https://balcao.example.com', ["'self'", 'wss://balcao.example.com']],
    ['plain http on a LAN host', 'http://192.168.0.20:8080', ["'self'", 'ws://192.168.0.20:8080']],
  ])('PUBLIC_URL %s: no bare ws: or wss: (any host), only its own origin', async (_name, publicUrl, expected) => {
    const csp = (await headersWith(publicUrl)).get('content-security-policy') ?? '';
    expect(directive(csp, 'connect-src')).toEqual(expected);
  });
});
