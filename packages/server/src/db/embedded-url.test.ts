import { expect, it } from 'vitest';
import { embeddedUrl } from './embedded.js';

it('reaches the embedded server through its socket when the path fits, else over TCP', () => {
  const short = new URL(embeddedUrl('/var/lib/balcao/pg', 5433, 'p@ss:/?'));
  expect(short.searchParams.get('host')).toBe('/var/lib/balcao/pg');
  expect([short.port, decodeURIComponent(short.password), short.pathname]).toEqual(['5433', 'p@ss:/?', '/balcao']);

  const long = new URL(embeddedUrl(`/${'a'.repeat(100)}/pg`, 5433, 'p@ss'));
  expect(long.searchParams.get('host')).toBeNull();
  expect([long.hostname, long.port, long.pathname]).toEqual(['127.0.0.1', '5433', '/balcao']);
});
