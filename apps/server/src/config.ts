import path from 'node:path';
import { z } from 'zod';

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().url().optional(),
  PGLITE_DIR: z.string().default(path.resolve('data/pglite')),
  LOAD_DEMO_DATA: booleanText.default(true),
  COOKIE_SECURE: booleanText.optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
  TRUST_PROXY: booleanText.default(false),
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default(path.resolve('apps/web/dist')),
});

export type Config = z.infer<typeof ConfigSchema> & {
  cookieSecure: boolean;
  publicUrl: string;
  /** EMAIL_WORKER_INTERVAL_MS with its default applied; 0 = the worker does not run. */
  emailWorkerIntervalMs: number;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const config = parsed.data;
  return {
    ...config,
    cookieSecure: config.COOKIE_SECURE ?? config.NODE_ENV === 'production',
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    emailWorkerIntervalMs: config.EMAIL_WORKER_INTERVAL_MS ?? (config.NODE_ENV === 'test' ? 0 : 5000),
  };
}
