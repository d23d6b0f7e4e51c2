import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type AppDeps, buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
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
  const app = await buildApp({ config, database, clock, logger: false, ...deps });
  await app.ready();
  return {
    app,
    db: database.db,
    clock,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await rm(fileDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
