import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The Twilio-style webhook signature: base64 HMAC-SHA1, keyed with the auth token, over the full
 * URL the provider called followed by each form parameter's name and value, sorted by name.
 */
export function webhookSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, key) => text + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function isValidWebhookSignature(
  authToken: string | undefined,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!authToken || !signature) return false;
  const expected = Buffer.from(webhookSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
