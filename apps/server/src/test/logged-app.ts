import { Writable } from 'node:stream';
import { buildApp, loggerOptions } from '../app.ts';
import { readConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { openTestDatabase } from './test-database.ts';

type App = Awaited<ReturnType<typeof buildApp>>;

/** A stream that keeps every log line written to it, for tests that read what was logged. */
export function captureLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

/**
 * An app on a fresh test database that logs at 'info' through the production logger options (its
 * serializers and redaction), into `lines`. `beforeReady` may add routes.
 */
export async function openLoggedApp(beforeReady?: (app: App, db: Db) => void) {
  const database = await openTestDatabase();
  const config = readConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', WEB_DIST_DIR: '/nonexistent' });
  const { lines, stream } = captureLog();
  const app = await buildApp({ config, database, logger: { ...(loggerOptions(config) as object), stream } });
  beforeReady?.(app, database.db);
  await app.ready();
  return {
    app,
    db: database.db,
    lines,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export type LoggedApp = Awaited<ReturnType<typeof openLoggedApp>>;
