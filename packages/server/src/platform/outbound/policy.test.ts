import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { INTERNAL_ADDRESS, NO_ALLOWANCE, isBlockedAddress, parseAllowance, refusedUrl } from './policy.js';

describe('the outbound policy', () => {
  it.each([
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::1]:8080/',
    'http://169.254.169.254/latest/meta-data',
    'http://10.0.0.1',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://[::]/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:a9fe:a9fe]/',
  ])('refuses %s, written as an internal address', (url) => {
    expect(refusedUrl(url, NO_ALLOWANCE)).toBe(INTERNAL_ADDRESS);
  });

  it('lets public addresses and names through (a name is checked on what it resolves to)', () => {
    for (const url of ['https://8.8.8.8/', 'https://[2606:4700:4700::1111]/', 'https://hooks.example.com/x'])
      expect(refusedUrl(url, NO_ALLOWANCE)).toBeUndefined();
    expect(refusedUrl('ftp://example.com/', NO_ALLOWANCE)).toBe('not http(s)');
  });

  it('lets an allowed CIDR, address or host name through, and nothing beside it', () => {
    const allowance = parseAllowance(' 10.1.0.0/16, 127.0.0.1 ,Fake.Internal ');
    expect(isBlockedAddress('10.1.200.3', allowance)).toBe(false);
    expect(isBlockedAddress('10.2.0.1', allowance)).toBe(true);
    expect(isBlockedAddress('127.0.0.1', allowance)).toBe(false);
    expect(isBlockedAddress('::ffff:127.0.0.1', allowance)).toBe(false);
    expect(isBlockedAddress('127.0.0.2', allowance)).toBe(true);
    expect(refusedUrl('http://fake.internal:81/', allowance)).toBeUndefined();
    expect(refusedUrl('http://2130706433/', allowance)).toBeUndefined();
    expect(refusedUrl('http://169.254.169.254/', allowance)).toBe(INTERNAL_ADDRESS);
  });
});

describe('OUTBOUND_ALLOWED_HOSTS', () => {
  it('defaults to nothing allowed', () => {
    const { OUTBOUND_ALLOWED_HOSTS } = loadConfig({});
    expect([OUTBOUND_ALLOWED_HOSTS.hosts.size, OUTBOUND_ALLOWED_HOSTS.ranges.length]).toEqual([0, 0]);
  });

  it.each(['10.0.0.0/33', 'not a host', 'http://x.com', '10.0.0.0/8,,bad_name!'])(
    'refuses %j with an error naming the variable and the entry',
    (value) => {
      expect(() => loadConfig({ OUTBOUND_ALLOWED_HOSTS: value })).toThrow(ConfigError);
      expect(() => loadConfig({ OUTBOUND_ALLOWED_HOSTS: value })).toThrow(/OUTBOUND_ALLOWED_HOSTS: ".+"/);
    },
  );
});
