import Fastify from 'fastify';
import { webhookSignature } from '../integrations/sms/webhook-signature.ts';

export type ProviderRequest = {
  to: string;
  from: string;
  body: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
};

/**
 * A Twilio-shaped SMS and voice provider on 127.0.0.1 (port 0) for tests: it records every request, keeps
 * one message per idempotency key (a repeated key answers the first message's id, as real
 * providers do), can fail the next N requests or be down, can accept a message and lose its answer
 * (a crash between send and mark), and signs the callbacks it posts back.
 */
export async function startFakeSmsProvider(options: { accountSid: string; authToken: string }) {
  const requests: ProviderRequest[] = [];
  /** The messages that reached a phone: one per key. */
  const delivered = new Map<string, ProviderRequest & { sid: string }>();
  /** Failures still to come, each for one number (or any number). */
  const failures: { to?: string }[] = [];
  const lostAnswers: { to?: string }[] = [];
  const take = (list: { to?: string }[], to: string) => {
    const index = list.findIndex((entry) => entry.to === undefined || entry.to === to);
    if (index < 0) return false;
    list.splice(index, 1);
    return true;
  };
  let down = false;
  let counter = 0;
  const expectedAuth = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;

  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.post<{ Params: { sid: string }; Body: Record<string, string> }>(
    '/2010-04-01/Accounts/:sid/Messages.json',
    async (request, reply) => {
      const record: ProviderRequest = {
        to: request.body.To ?? '',
        from: request.body.From ?? '',
        body: request.body.Body ?? '',
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
      };
      if (down) {
        request.raw.socket.destroy();
        return reply;
      }
      requests.push(record);
      if (request.headers.authorization !== expectedAuth || request.params.sid !== options.accountSid) {
        return reply.status(401).send({ code: 20003, message: 'Authenticate' });
      }
      if (take(failures, record.to)) {
        return reply.status(500).send({ code: 20500, message: 'Internal Server Error' });
      }
      const key = record.idempotencyKey ?? `no-key-${counter}`;
      let message = delivered.get(key);
      if (!message) {
        counter += 1;
        message = { ...record, sid: `SM${String(counter).padStart(32, '0')}` };
        delivered.set(key, message);
      }
      if (take(lostAnswers, record.to)) {
        return reply.status(503).send({ message: 'The answer was lost' });
      }
      return reply.status(201).send({ sid: message.sid, status: 'queued' });
    },
  );
  /** Voice calls (Calls.json), one per idempotency key like messages. */
  const calls = new Map<string, { to: string; twiml: string; statusCallback: string; sid: string }>();
  const callRequests: { idempotencyKey: string | undefined; authorization: string | undefined }[] = [];
  app.post<{ Params: { sid: string }; Body: Record<string, string> }>(
    '/2010-04-01/Accounts/:sid/Calls.json',
    async (request, reply) => {
      const key = request.headers['idempotency-key'] as string | undefined;
      callRequests.push({ idempotencyKey: key, authorization: request.headers.authorization });
      if (request.headers.authorization !== expectedAuth || request.params.sid !== options.accountSid) {
        return reply.status(401).send({ code: 20003, message: 'Authenticate' });
      }
      const callKey = key ?? `no-key-${calls.size}`;
      let call = calls.get(callKey);
      if (!call) {
        call = {
          to: request.body.To ?? '',
          twiml: request.body.Twiml ?? '',
          statusCallback: request.body.StatusCallback ?? '',
          sid: `CA${String(calls.size + 1).padStart(32, '0')}`,
        };
        calls.set(callKey, call);
      }
      return reply.status(201).send({ sid: call.sid, status: 'queued' });
    },
  );
  const url = await app.listen({ host: '127.0.0.1', port: 0 });

  return {
    url,
    requests,
    delivered,
    calls,
    callRequests,
    /** Answers 500 to the next `n` messages (to `to` only, when given). */
    failNext(n: number, to?: string) {
      for (let i = 0; i < n; i += 1) failures.push({ to });
    },
    /** Accepts the next `n` messages but answers 503, as if the process died before marking. */
    loseAnswerNext(n: number, to?: string) {
      for (let i = 0; i < n; i += 1) lostAnswers.push({ to });
    },
    setDown(value: boolean) {
      down = value;
    },
    /** Form fields and the signature the provider would post to `webhookUrl`. */
    signed(webhookUrl: string, params: Record<string, string>) {
      return {
        payload: new URLSearchParams(params).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': webhookSignature(options.authToken, webhookUrl, params),
        },
      };
    },
    close: () => app.close(),
  };
}

export type FakeSmsProvider = Awaited<ReturnType<typeof startFakeSmsProvider>>;
