import { randomBytes } from 'node:crypto';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { DEMO_PASSWORD, findAccountsWithDemoPassword } from './db/seed/demo-accounts.ts';
import { loadDemoDataIfEmpty } from './db/seed/demo-data.ts';

/** A reason not to start, to be told on stderr. */
export class StartRefused extends Error {}

/**
 * The data steps before the server listens. The demo data loads when asked for (by default in
 * development only); in production its accounts get a new random password, shown once, and the
 * server refuses to start while a demo account still has the published password.
 */
export async function prepareData(config: Config, db: Db) {
  const production = config.NODE_ENV === 'production';
  let demoSignIn: { email: string; password: string } | null = null;
  if (config.loadDemoData) {
    const password = production ? randomBytes(12).toString('base64url') : DEMO_PASSWORD;
    const demo = await loadDemoDataIfEmpty(db, { password });
    if (demo.loaded || !production) demoSignIn = { email: demo.signInEmail, password };
  }
  if (production) {
    const exposed = await findAccountsWithDemoPassword(db);
    if (exposed.length > 0) {
      throw new StartRefused(
        `Refusing to start in production: these accounts still have the published demo password: ${exposed.join(', ')}.\n` +
          'Give them new passwords (or remove the demo data) before starting in production.',
      );
    }
  }
  return { demoSignIn };
}
