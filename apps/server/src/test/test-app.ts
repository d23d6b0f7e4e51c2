import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type AppDeps, buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { openTestDatabase } from './test-database.ts';

export class TestClock implements Clock {
  constructor(private current = new Date()) {}
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** `env` adds to or overrides the test configuration's environment variables. */
export async function createTestApp(
  options: Partial<
    Pick<AppDeps, 'geolocation' | 'sms' | 'email' | 'appointmentListeners' | 'logger' | 'storage'>
  > & {
    env?: NodeJS.ProcessEnv;
  } = {},
) {
  const { env, ...deps } = options;
  const database = await openTestDatabase();
  const clock = new TestClock();
  // Each test app stores its files in its own folder, removed on close.
  const fileDir = path.join(os.tmpdir(), 'telecare-test-files', randomUUID());
  const config = readConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    FILE_STORAGE_DIR: fileDir,
    ...env,
  });
  const heard = heardByTheApp(database);
  const app = await buildApp({ config, database: heard.database, clock, logger: false, ...deps });
  await app.ready();
  return {
    app,
    db: database.db,
    clock,
    config,
    untilHeard: heard.until,
    close: async () => {
      await app.close();
      await database.close();
      await rm(fileDir, { recursive: true, force: true });
    },
  };
}

/**
 * Passes the app's LISTEN through, so a test can wait until the app has been handed a NOTIFY (its
 * own listeners have run by then): a change's NOTIFY arrives some time after its answer was sent.
 */
function heardByTheApp(database: Pick<Database, 'db' | 'listen'>) {
  const heard: string[] = [];
  const waiting = new Set<{ text: string; resolve: () => void }>();
  return {
    database: {
      db: database.db,
      listen: (channel: string, onPayload: (payload: string) => void, onResumed?: () => void) =>
        database.listen(
          channel,
          (payload) => {
            onPayload(payload);
            heard.push(payload);
            for (const waiter of waiting) {
              if (!payload.includes(waiter.text)) continue;
              waiting.delete(waiter);
              waiter.resolve();
            }
          },
          onResumed,
        ),
    },
    /** Resolves once the app has heard a NOTIFY whose payload includes `text`, or at once if it has. */
    until: (text: string) =>
      new Promise<void>((resolve) => {
        if (heard.some((payload) => payload.includes(text))) resolve();
        else waiting.add({ text, resolve });
      }),
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
