import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The public-address rule of contract §10: every address a webhook host
 * resolves to must be public unicast (IPv4-mapped IPv6 unwrapped first), so a
 * webhook cannot reach loopback, private, link-local (cloud metadata), CGNAT
 * or other special ranges. `allowCidrs` (WEBHOOK_ALLOW_CIDRS) exempts ranges
 * for tests and private deployments.
 */
export class AddressPolicy {
  private readonly allowed: [ipaddr.IPv4 | ipaddr.IPv6, number][];
  /**
   * Lookups under way, by host. Attempts that start while one is in flight
   * share its answer instead of each asking the resolver (in a burst to one
   * host, dozens at once): every attempt still gets an answer obtained while
   * it runs, and nothing is kept once the lookup settles.
   */
  private readonly lookups = new Map<string, Promise<{ address: string; family: 4 | 6 }[]>>();

  constructor(allowCidrs: readonly string[]) {
    this.allowed = allowCidrs.map((cidr) => ipaddr.parseCIDR(cidr));
  }

  isPermitted(address: string): boolean {
    const parsed = ipaddr.process(address);
    if (this.allowed.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits))) return true;
    return parsed.range() === 'unicast';
  }

  /**
   * Resolves `host` (or takes the IP literal) and checks every address; the
   * caller connects to the returned address, so a DNS answer that changes
   * between the check and the connection (rebinding) cannot slip through.
   */
  async resolvePermitted(host: string): Promise<{ address: string; family: 4 | 6 }> {
    const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
    const addresses = isIP(bare) ? [{ address: bare, family: isIP(bare) as 4 | 6 }] : await this.lookUp(bare);
    const refused = addresses.find((entry) => !this.isPermitted(entry.address));
    if (refused) throw new AddressRefusedError(`${host} resolves to ${refused.address}, which is not a public address`);
    const [first] = addresses;
    if (first === undefined) throw new AddressRefusedError(`${host} resolves to no address`);
    const unwrapped = ipaddr.process(first.address);
    return { address: unwrapped.toString(), family: unwrapped.kind() === 'ipv4' ? 4 : 6 };
  }

  private lookUp(host: string): Promise<{ address: string; family: 4 | 6 }[]> {
    let lookup = this.lookups.get(host);
    if (!lookup) {
      lookup = resolveAll(host).finally(() => this.lookups.delete(host));
      this.lookups.set(host, lookup);
    }
    return lookup;
  }
}

export class AddressRefusedError extends Error {}

async function resolveAll(host: string): Promise<{ address: string; family: 4 | 6 }[]> {
  try {
    const entries = await lookup(host, { all: true, verbatim: true });
    if (entries.length === 0) throw new AddressRefusedError(`${host} does not resolve`);
    return entries.map((entry) => ({ address: entry.address, family: entry.family as 4 | 6 }));
  } catch (error) {
    if (error instanceof AddressRefusedError) throw error;
    throw new AddressRefusedError(`${host} does not resolve`);
  }
}
