import { BlockList, isIP } from 'node:net';

/** `::ffff:1.2.3.4` (an IPv4 address on an IPv6 socket) as `1.2.3.4`. */
export function plainAddress(ip: string) {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

type Network = { address: string; prefix: number; family: 'ipv4' | 'ipv6' };

/** `10.0.0.0/8`, `fd00::/8` or a single address (a whole-length prefix); null when it is neither. */
function parseNetwork(text: string): Network | null {
  const [address = '', prefixText, ...rest] = text.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return null;
  const bits = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** A comma-separated list of addresses and CIDR ranges, split; `invalid` names the entries that are neither. */
export function parseNetworkList(text: string): { networks: string[]; invalid: string[] } {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return {
    networks: entries.filter((entry) => parseNetwork(entry)),
    invalid: entries.filter((entry) => !parseNetwork(entry)),
  };
}

/** Tells whether an address falls in one of the networks (entries as `parseNetworkList` accepts). */
export function createNetworkMatcher(networks: readonly string[]): (ip: string) => boolean {
  const list = new BlockList();
  for (const entry of networks) {
    const network = parseNetwork(entry);
    if (network) list.addSubnet(network.address, network.prefix, network.family);
  }
  return (ip) => {
    const address = plainAddress(ip);
    const version = isIP(address);
    return version !== 0 && list.check(address, version === 4 ? 'ipv4' : 'ipv6');
  };
}

/** The loopback ranges; the only networks that may read the development outbox. */
export const isLoopback = createNetworkMatcher(['127.0.0.0/8', '::1']);
