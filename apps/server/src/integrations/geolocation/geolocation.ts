import { BlockList, isIP } from 'node:net';

export type Geolocation = {
  /** ISO country code of a public address, or null when unknown. */
  countryOf(ip: string): Promise<string | null>;
};

const ownNetworks = new BlockList();
ownNetworks.addSubnet('127.0.0.0', 8, 'ipv4');
ownNetworks.addSubnet('10.0.0.0', 8, 'ipv4');
ownNetworks.addSubnet('172.16.0.0', 12, 'ipv4');
ownNetworks.addSubnet('192.168.0.0', 16, 'ipv4');
ownNetworks.addSubnet('169.254.0.0', 16, 'ipv4');
ownNetworks.addSubnet('100.64.0.0', 10, 'ipv4');
ownNetworks.addAddress('::1', 'ipv6');
ownNetworks.addSubnet('fc00::', 7, 'ipv6');
ownNetworks.addSubnet('fe80::', 10, 'ipv6');

function plainAddress(ip: string) {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

/** Loopback and private addresses are the service's own network. */
export function isOwnNetwork(ip: string): boolean {
  const address = plainAddress(ip);
  const family = isIP(address);
  if (family === 0) return false;
  return ownNetworks.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Offline lookup in the GeoIP database shipped with geoip-lite; loaded on first use (~150 MB). */
export function createGeoipLiteGeolocation(): Geolocation {
  let lookup: ((ip: string) => { country: string } | null) | undefined;
  return {
    async countryOf(ip) {
      if (!lookup) {
        const geoip = (await import('geoip-lite')).default;
        lookup = (address) => geoip.lookup(address);
      }
      return lookup(plainAddress(ip))?.country || null;
    },
  };
}
