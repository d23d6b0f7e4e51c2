import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CHANGES_AT_ONCE } from './lib/change-slots.ts';
import { parseNetworkList } from './lib/networks.ts';

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Comma-separated addresses and CIDR ranges; '' is an empty list. */
const networkList = z.string().transform((text, ctx) => {
  const { networks, invalid } = parseNetworkList(text);
  for (const entry of invalid) {
    ctx.addIssue({
      code: 'custom',
      message: `'${entry}' is not an IP address or a CIDR range (e.g. 10.0.0.0/8).`,
    });
  }
  return networks;
});

const TRUST_PROXY_FORM =
  'List the addresses or CIDR ranges of the reverse proxies in front of the app, comma-separated ' +
  '(e.g. 127.0.0.1 for a proxy on this machine, or 10.0.0.5,10.1.0.0/16).';

/**
 * Which reverse proxies may say who the client is (X-Forwarded-For): none (unset, false) or the
 * proxies' addresses. The client is then the rightmost address that no listed proxy added. `true`
 * would believe whatever a client writes there; a proxy count cannot tell a proxy from a client
 * that connects directly (Fastify 5 ignores one).
 */
const trustProxy = z
  .string()
  .optional()
  .transform((text, ctx): false | string[] => {
    const value = text?.trim().toLowerCase() ?? '';
    if (value === '' || value === 'false' || value === 'no' || value === '0') return false;
    const refuse = (why: string) => {
      ctx.addIssue({ code: 'custom', message: `${why} ${TRUST_PROXY_FORM}` });
      return z.NEVER;
    };
    if (value === 'true' || value === 'yes') {
      return refuse('true would believe any X-Forwarded-For a client sends.');
    }
    if (/^\d+$/.test(value)) {
      return refuse('a proxy count cannot tell a proxy from a client that connects directly.');
    }
    const { networks, invalid } = parseNetworkList(value);
    if (invalid.length > 0) {
      return refuse(`${invalid.map((entry) => `'${entry}'`).join(', ')}: not an IP address or a CIDR range.`);
    }
    return networks;
  });

const LOOPBACK = ['127.0.0.0/8', '::1'];

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** Default 0.0.0.0 in production; 127.0.0.1 elsewhere, so a development server is not on the network. */
    HOST: z.string().optional(),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATABASE_URL: z.string().url().optional(),
    PGLITE_DIR: z.string().default(path.resolve('data/pglite')),
    /** How many changes (write transactions) run at once; the others wait their turn (decision 0055). */
    DATABASE_CHANGES_AT_ONCE: z.coerce.number().int().min(1).max(100).default(DEFAULT_CHANGES_AT_ONCE),
    /** The workflow lists answered from an index in memory (decision 0059); false leaves them to the database. */
    LIST_MEMORY: booleanText.optional().transform((value) => value ?? true),
    /** Default true in development only; in production the demo accounts get a new random password. */
    LOAD_DEMO_DATA: booleanText.optional(),
    COOKIE_SECURE: booleanText.optional(),
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
    SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
    TRUST_PROXY: trustProxy,
    /**
     * Addresses that skip the country check at sign-in. Default loopback in development and test,
     * none in production.
     */
    COUNTRY_CHECK_EXEMPT_NETWORKS: networkList.optional(),
    /** The address staff use to reach the app; links in e-mails point here. */
    PUBLIC_URL: z.string().url().optional(),
    /** smtp://user:password@host:port (smtps:// for TLS). Unset = e-mails go to the outbox table. */
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().default('Telecare Staff <no-reply@telecare.example>'),
    /**
     * How often the e-mail delivery worker looks for queued e-mails, in milliseconds; 0 = off.
     * Default 5000, and off under NODE_ENV=test (tests deliver by calling the worker themselves).
     */
    EMAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
    /**
     * How often the job runner (SMS steps, e-mail delivery ...) looks for due jobs, in milliseconds;
     * 0 = off. Default 1000 (EMAIL_WORKER_INTERVAL_MS when only that is set), off under NODE_ENV=test.
     */
    JOB_RUNNER_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
    /** outbox (default: SMS go to the outbox table) or http (a Twilio-style REST provider, SMS_* below). */
    SMS_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
    /** outbox (default: calls go to the outbox table) or http (the same provider account's voice API, SMS_* below). */
    VOICE_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
    SMS_API_URL: z.string().url().optional(),
    SMS_ACCOUNT_SID: z.string().min(1).optional(),
    /** Authenticates the API calls and signs the provider's webhooks; unset = webhooks are refused. */
    SMS_AUTH_TOKEN: z.string().min(1).optional(),
    /** The sender number or name the provider shows. */
    SMS_FROM: z.string().min(1).optional(),
    /** When no automatic SMS goes out, in the patient's zone: HH:mm-HH:mm, or off. */
    /** Provider webhook requests one address may post per minute before 429 (decision 0041). */
    WEBHOOK_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    SMS_QUIET_HOURS: z
      .string()
      .regex(
        /^(off|([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d)$/,
        'SMS_QUIET_HOURS is HH:mm-HH:mm or off.',
      )
      .default('20:00-08:00'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().default(path.resolve('apps/web/dist')),
    /** Where uploaded files go: a local folder (one server) or an S3-compatible bucket (several). */
    FILE_STORAGE: z.enum(['local', 's3']).default('local'),
    FILE_STORAGE_DIR: z.string().default(path.resolve('data/files')),
    S3_ENDPOINT: z.string().url().optional(),
    S3_REGION: z.string().default('ap-southeast-2'),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** The largest file an upload accepts, in bytes (default 20 MB). */
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(20 * 1024 * 1024),
  })
  .refine((c) => c.FILE_STORAGE !== 's3' || c.S3_BUCKET, {
    message: 'FILE_STORAGE=s3 needs S3_BUCKET (and S3_ENDPOINT for a server other than AWS).',
    path: ['S3_BUCKET'],
  });

export type Config = z.infer<typeof ConfigSchema> & {
  host: string;
  loadDemoData: boolean;
  countryCheckExemptNetworks: string[];
  cookieSecure: boolean;
  publicUrl: string;
  /** SMS_QUIET_HOURS read: null when off. */
  smsQuietHours: { from: string; until: string } | null;
  /** JOB_RUNNER_INTERVAL_MS with its default applied; 0 = the runner does not run. */
  jobRunnerIntervalMs: number;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const config = parsed.data;
  if (config.SMS_PROVIDER === 'http' || config.VOICE_PROVIDER === 'http') {
    const missing = (['SMS_API_URL', 'SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'] as const).filter(
      (name) => !config[name],
    );
    if (missing.length > 0) {
      throw new Error(
        `Invalid configuration:\n  SMS_PROVIDER=http or VOICE_PROVIDER=http needs ${missing.join(', ')}.`,
      );
    }
  }
  const production = config.NODE_ENV === 'production';
  return {
    ...config,
    host: config.HOST || (production ? '0.0.0.0' : '127.0.0.1'),
    loadDemoData: config.LOAD_DEMO_DATA ?? config.NODE_ENV === 'development',
    countryCheckExemptNetworks: config.COUNTRY_CHECK_EXEMPT_NETWORKS ?? (production ? [] : LOOPBACK),
    cookieSecure: config.COOKIE_SECURE ?? production,
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    smsQuietHours:
      config.SMS_QUIET_HOURS === 'off'
        ? null
        : {
            from: config.SMS_QUIET_HOURS.slice(0, 5),
            until: config.SMS_QUIET_HOURS.slice(6),
          },
    jobRunnerIntervalMs:
      config.JOB_RUNNER_INTERVAL_MS ??
      config.EMAIL_WORKER_INTERVAL_MS ??
      (config.NODE_ENV === 'test' ? 0 : 1000),
  };
}
