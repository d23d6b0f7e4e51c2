import { describe, expect, it } from 'vitest';
import { isClientSiteAllowed } from './client-rules.ts';

describe('client rules', () => {
  it('excludes Anywhere Healthcare from client sites', () => {
    expect(isClientSiteAllowed('Anywhere Healthcare')).toBe(false);
    expect(isClientSiteAllowed('anywhere healthcare ')).toBe(false);
    expect(isClientSiteAllowed('Mackay Base Hospital')).toBe(true);
  });
});
