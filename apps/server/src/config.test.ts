import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

describe('configuration', () => {
  it.each(['true', 'yes', 'TRUE'])('refuses TRUST_PROXY=%s and says what to give instead', (value) => {
    expect(() => readConfig({ TRUST_PROXY: value })).toThrow(
      /TRUST_PROXY: true would believe any X-Forwarded-For a client sends\. List the addresses or CIDR ranges/,
    );
  });

  it('refuses a proxy count, which cannot tell a proxy from a client', () => {
    expect(() => readConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: a proxy count cannot tell/);
  });

  it('refuses TRUST_PROXY entries that are not addresses or CIDR ranges', () => {
    expect(() => readConfig({ TRUST_PROXY: '10.0.0.1, proxy.internal, 10.0.0.0/33' })).toThrow(
      /TRUST_PROXY: 'proxy.internal', '10.0.0.0\/33': not an IP address or a CIDR range/,
    );
  });

  it('reads TRUST_PROXY as no proxy or a list of proxies', () => {
    expect(readConfig({}).TRUST_PROXY).toBe(false);
    expect(readConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(readConfig({ TRUST_PROXY: ' 127.0.0.1, 10.1.0.0/16,fd00::/8 ' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.1.0.0/16',
      'fd00::/8',
    ]);
  });

  it('exempts loopback from the country check by default in development and test, nothing in production', () => {
    expect(readConfig({ NODE_ENV: 'development' }).countryCheckExemptNetworks).toEqual([
      '127.0.0.0/8',
      '::1',
    ]);
    expect(readConfig({ NODE_ENV: 'test' }).countryCheckExemptNetworks).toEqual(['127.0.0.0/8', '::1']);
    expect(readConfig({ NODE_ENV: 'production' }).countryCheckExemptNetworks).toEqual([]);
    expect(
      readConfig({ NODE_ENV: 'development', COUNTRY_CHECK_EXEMPT_NETWORKS: '' }).countryCheckExemptNetworks,
    ).toEqual([]);
    expect(
      readConfig({ NODE_ENV: 'production', COUNTRY_CHECK_EXEMPT_NETWORKS: '10.0.0.0/8,192.168.1.0/24' })
        .countryCheckExemptNetworks,
    ).toEqual(['10.0.0.0/8', '192.168.1.0/24']);
    expect(() => readConfig({ COUNTRY_CHECK_EXEMPT_NETWORKS: '10.0.0.0/8,office' })).toThrow(
      /COUNTRY_CHECK_EXEMPT_NETWORKS: 'office' is not an IP address or a CIDR range/,
    );
  });

  it('listens on loopback by default in development, on every interface in production', () => {
    expect(readConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(readConfig({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(readConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('answers the lists from memory unless told not to', () => {
    expect(readConfig({}).LIST_MEMORY).toBe(true);
    expect(readConfig({ LIST_MEMORY: 'false' }).LIST_MEMORY).toBe(false);
    expect(() => readConfig({ LIST_MEMORY: 'sometimes' })).toThrow(/LIST_MEMORY/);
  });

  it('loads the demo data by default in development only', () => {
    expect(readConfig({ NODE_ENV: 'development' }).loadDemoData).toBe(true);
    expect(readConfig({ NODE_ENV: 'production' }).loadDemoData).toBe(false);
    expect(readConfig({ NODE_ENV: 'test' }).loadDemoData).toBe(false);
    expect(readConfig({ NODE_ENV: 'production', LOAD_DEMO_DATA: 'true' }).loadDemoData).toBe(true);
    expect(readConfig({ NODE_ENV: 'development', LOAD_DEMO_DATA: 'false' }).loadDemoData).toBe(false);
  });
});
