import { SmsProviderError } from '../sms/http-sms-sender.ts';
import type { VoiceCaller } from './voice-caller.ts';

export type HttpVoiceConfig = {
  /** The provider's API root (the SMS provider's account: SMS_API_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN). */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
  /** Where the provider posts the call's progress and the pressed key: our public address. */
  publicUrl: string;
  timeoutMs?: number;
};

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** The call's instructions: say the script, and with `gather` wait for one key, posted to /api/ivr/gather. */
export function callInstructions(script: string, gatherUrl: string | null) {
  const say = `<Say>${escapeXml(script)}</Say>`;
  const body = gatherUrl
    ? `<Gather numDigits="1" action="${escapeXml(gatherUrl)}" method="POST">${say}</Gather>`
    : say;
  return `<Response>${body}</Response>`;
}

/**
 * A Twilio-shaped voice provider: `POST {apiUrl}/2010-04-01/Accounts/{sid}/Calls.json`, form-encoded
 * To/From/Twiml/StatusCallback, HTTP basic auth, our reference as the `Idempotency-Key` header.
 */
export function createHttpVoiceCaller(config: HttpVoiceConfig): VoiceCaller {
  const url = `${config.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Calls.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    async call(to, script, options) {
      const form = new URLSearchParams({
        To: to,
        From: config.from,
        Twiml: callInstructions(script, options.gather ? `${config.publicUrl}/api/ivr/gather` : null),
        StatusCallback: `${config.publicUrl}/api/ivr/status`,
      });
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
            'idempotency-key': options.reference,
          },
          body: form.toString(),
          signal: AbortSignal.timeout(config.timeoutMs ?? 30_000),
        });
      } catch (err) {
        throw new SmsProviderError(`The voice provider could not be reached (${(err as Error).name}).`, null);
      }
      const answer = (await response.json().catch(() => ({}))) as { sid?: unknown; message?: unknown };
      if (!response.ok || typeof answer.sid !== 'string') {
        const reason = typeof answer.message === 'string' ? `: ${answer.message.slice(0, 200)}` : '';
        throw new SmsProviderError(
          `The voice provider answered ${response.status}${reason}`,
          response.status,
        );
      }
      return { providerCallId: answer.sid };
    },
  };
}
