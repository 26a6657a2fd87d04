import ipaddr from 'ipaddr.js';

/**
 * Which addresses a request a tenant aimed (a webhook, a Typebot, a token_uri…) may reach: only
 * global unicast ones. Loopback, private, link-local, CGNAT, unique-local, unspecified, multicast,
 * broadcast and every other special range (ipaddr.js's `range()`, IANA's registries) are refused,
 * IPv4-mapped IPv6 read as the IPv4 it carries. A deployment lets its own hosts or ranges through
 * with `OUTBOUND_ALLOWED_HOSTS`. The client (client.ts) applies it to the address it connects to;
 * saves apply it to addresses written literally (save-check.ts).
 */

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

export interface OutboundAllowance {
  /** Host names let through whatever they resolve to (lower case). */
  readonly hosts: ReadonlySet<string>;
  /** Address ranges let through (a bare address is its /32 or /128). */
  readonly ranges: readonly Range[];
}

/** The short reason, in the product's words, of a refused address. */
export const INTERNAL_ADDRESS = 'internal address';

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** `OUTBOUND_ALLOWED_HOSTS`: a comma list of host names, addresses and CIDRs; throws naming a bad entry. */
export function parseAllowance(text: string | undefined): OutboundAllowance {
  const hosts = new Set<string>();
  const ranges: Range[] = [];
  for (const raw of (text ?? '').split(',')) {
    const entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    if (entry.includes('/')) {
      try {
        const [net, bits] = ipaddr.parseCIDR(entry);
        ranges.push([net, bits]);
      } catch {
        throw new Error(`"${entry}" is not a CIDR (e.g. 10.1.0.0/16)`);
      }
    } else if (ipaddr.isValid(entry.replace(/^\[|\]$/g, ''))) {
      const addr = ipaddr.parse(entry.replace(/^\[|\]$/g, ''));
      ranges.push([addr, addr.kind() === 'ipv4' ? 32 : 128]);
    } else if (HOST_NAME.test(entry)) {
      hosts.add(entry);
    } else {
      throw new Error(`"${entry}" is neither a host name, an address nor a CIDR`);
    }
  }
  return { hosts, ranges };
}

export const NO_ALLOWANCE: OutboundAllowance = parseAllowance('');

/** Whether a connection to `ip` (any spelling ipaddr.js reads) is refused. Not an address: refused. */
export function isBlockedAddress(ip: string, allowance: OutboundAllowance): boolean {
  if (!ipaddr.isValid(ip)) return true;
  const addr = ipaddr.process(ip);
  if (allowance.ranges.some(([net, bits]) => net.kind() === addr.kind() && addr.match(net, bits))) return false;
  return addr.range() !== 'unicast';
}

/** Whether a host name (a URL's `hostname`) is one the deployment lets through by name. */
export const isAllowedHost = (hostname: string, allowance: OutboundAllowance): boolean =>
  allowance.hosts.has(hostname.toLowerCase().replace(/\.$/, ''));

/**
 * The address a URL's host is written as, when it is one. WHATWG URL parsing already turns
 * `2130706433`, `0x7f000001`, `0177.1` and `127.1` into `127.0.0.1`; IPv6 comes in brackets.
 */
export function literalAddress(hostname: string): string | undefined {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(bare) ? bare : undefined;
}

/**
 * Why a URL is refused before any name is resolved: not http(s), or its host written as a
 * blocked address (in any spelling). A name is checked later, on what it resolves to.
 */
export function refusedUrl(url: string, allowance: OutboundAllowance): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not a URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'not http(s)';
  if (isAllowedHost(parsed.hostname, allowance)) return undefined;
  const literal = literalAddress(parsed.hostname);
  return literal !== undefined && isBlockedAddress(literal, allowance) ? INTERNAL_ADDRESS : undefined;
}
