/** The site that is never offered (nor accepted) as a client's site. */
export const EXCLUDED_CLIENT_SITE_NAME = 'Anywhere Healthcare';

export function isClientSiteAllowed(siteName: string): boolean {
  return siteName.trim().toLowerCase() !== EXCLUDED_CLIENT_SITE_NAME.toLowerCase();
}
