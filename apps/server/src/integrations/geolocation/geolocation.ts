import { plainAddress } from '../../lib/networks.ts';

export type Geolocation = {
  /** ISO country code of a public address, or null when unknown. */
  countryOf(ip: string): Promise<string | null>;
};

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
