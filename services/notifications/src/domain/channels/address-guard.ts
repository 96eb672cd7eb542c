// Where the service may send a person's messages (issue 42, ADR 0079): a webhook or push
// endpoint is a URL a user typed, so without a guard the service would post to its own
// network for them (SSRF). Only HTTPS to public addresses: loopback, private, link-local,
// carrier-grade NAT, unique-local, metadata and every other special range is refused —
// when the URL is given and again at each send, on the addresses the name resolves to
// then, and the connection is made to the address that was checked (a name that
// resolves to a public address when saved and a private one later still gets nothing).
// ipaddr.js classifies addresses; only its 'unicast' (public) range passes.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { promises as dns } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface AddressPolicy {
  /** Loopback addresses over plain http:// too: WEBHOOK_ALLOW_LOOPBACK=true (tests, local set-ups). */
  allowLoopback: boolean;
}

export class RefusedAddress extends Error {}

/** ipaddr.js's name for the range `address` is in ('unicast': public); null when it is no address. */
function rangeOf(address: string): string | null {
  if (!ipaddr.isValid(address)) return null;
  let parsed = ipaddr.parse(address);
  // ::ffff:10.0.0.1 is 10.0.0.1.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range();
}

const isLoopback = (address: string) => rangeOf(address) === 'loopback';

/** Whether a message may go to `address`. */
export function addressAllowed(address: string, policy: AddressPolicy): boolean {
  const range = rangeOf(address);
  return range === 'unicast' || (policy.allowLoopback && range === 'loopback');
}

/** The URL when it may be used as a destination, else RefusedAddress with why (in plain words). */
export function checkUrl(text: string, policy: AddressPolicy): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new RefusedAddress('The address must be a full URL starting with https://.');
  }
  const plainAllowed = policy.allowLoopback && url.protocol === 'http:';
  if (url.protocol !== 'https:' && !plainAllowed) throw new RefusedAddress('The address must start with https://.');
  if (url.username || url.password) throw new RefusedAddress('The address must not contain a user name or password.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !addressAllowed(host, policy))
    throw new RefusedAddress('The address must be on the public internet, not a private or local network.');
  if (url.protocol === 'http:' && !(isIP(host) ? isLoopback(host) : host === 'localhost'))
    throw new RefusedAddress('The address must start with https://.');
  return url;
}

/** Resolves the URL's host now and refuses it unless every address it names is allowed. */
export async function checkResolved(url: URL, policy: AddressPolicy): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await resolveAll(host)).map((found) => found.address);
  if (addresses.length === 0 || addresses.some((address) => !addressAllowed(address, policy)))
    throw new RefusedAddress('The address must be on the public internet, not a private or local network.');
  if (url.protocol === 'http:' && !addresses.every(isLoopback))
    throw new RefusedAddress('The address must start with https://.');
}

async function resolveAll(host: string): Promise<LookupAddress[]> {
  try {
    return await dns.lookup(host, { all: true, verbatim: true });
  } catch {
    throw new RefusedAddress(`The name ${host} could not be found.`);
  }
}

/**
 * A `lookup` for sockets (undici's connect, https.Agent) that resolves as usual and
 * fails unless every address is allowed: the address connected to is the one checked.
 */
export function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, found) => {
      if (error) return callback(error, '', 0);
      const addresses = found as LookupAddress[];
      if (addresses.length === 0 || addresses.some((entry) => !addressAllowed(entry.address, policy)))
        return callback(new RefusedAddress(`${hostname} resolves to an address messages may not go to`), '', 0);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
