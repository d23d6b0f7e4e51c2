import type { SmsSender } from './sms-sender.ts';

export type HttpSmsConfig = {
  /** The provider's API root, e.g. https://api.provider.example (no trailing slash). */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
  timeoutMs?: number;
};

/** A provider answer that is not a success; the status tells retrying (5xx, 429) from refusals. */
export class SmsProviderError extends Error {
  override name = 'SmsProviderError';
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/**
 * A Twilio-shaped REST provider: `POST {apiUrl}/2010-04-01/Accounts/{sid}/Messages.json`,
 * form-encoded To/From/Body, HTTP basic auth with the account id and token, and our reference as
 * the `Idempotency-Key` header on every call (the provider sends once per key).
 */
export function createHttpSmsSender(config: HttpSmsConfig): SmsSender {
  const url = `${config.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    async send(to, body, options) {
      const headers: Record<string, string> = {
        authorization,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      };
      if (options?.reference) headers['idempotency-key'] = options.reference;
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers,
          body: new URLSearchParams({ To: to, From: config.from, Body: body }).toString(),
          signal: AbortSignal.timeout(config.timeoutMs ?? 30_000),
        });
      } catch (err) {
        throw new SmsProviderError(`The SMS provider could not be reached (${(err as Error).name}).`, null);
      }
      const answer = (await response.json().catch(() => ({}))) as { sid?: unknown; message?: unknown };
      if (!response.ok || typeof answer.sid !== 'string') {
        const reason = typeof answer.message === 'string' ? `: ${answer.message.slice(0, 200)}` : '';
        throw new SmsProviderError(`The SMS provider answered ${response.status}${reason}`, response.status);
      }
      return { providerMessageId: answer.sid };
    },
  };
}
