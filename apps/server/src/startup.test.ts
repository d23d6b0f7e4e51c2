import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';
import { type Database, openPglite } from './db/database.ts';
import { users } from './db/schema/index.ts';
import {
  DEMO_ACCOUNT_EMAILS,
  DEMO_ADMIN_EMAIL,
  DEMO_PASSWORD,
  findAccountsWithDemoPassword,
} from './db/seed/demo-accounts.ts';
import { hashPassword, verifyPassword } from './modules/auth/password.ts';
import { prepareData, StartRefused } from './startup.ts';
import { createUser } from './test/factories.ts';
import { openTestDatabase } from './test/test-database.ts';

const production = readConfig({ NODE_ENV: 'production' });
const development = readConfig({ NODE_ENV: 'development' });

describe('the data steps at start', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });
  const open = async () => {
    database = await openTestDatabase();
    return database.db;
  };
  const adminHash = async (db: Database['db']) =>
    (await db.select().from(users).where(eq(users.email, DEMO_ADMIN_EMAIL)))[0]?.passwordHash ?? '';

  it('loads no demo data in production unless asked for', async () => {
    const db = await open();
    expect(await prepareData(production, db)).toEqual({ demoSignIn: null });
    expect(await db.select().from(users)).toEqual([]);
  });

  it('gives the demo accounts a new random password when production asks for the demo data', async () => {
    const db = await open();
    const config = readConfig({ NODE_ENV: 'production', LOAD_DEMO_DATA: 'true' });
    const { demoSignIn } = await prepareData(config, db);
    expect(demoSignIn?.email).toBe(DEMO_ADMIN_EMAIL);
    expect(demoSignIn?.password).toMatch(/^[\w-]{16}$/);
    expect(await verifyPassword(demoSignIn?.password ?? '', await adminHash(db))).toBe(true);
    expect(await findAccountsWithDemoPassword(db)).toEqual([]);
    // The list the check reads is every account the demo data makes.
    const emails = (await db.select({ email: users.email }).from(users)).map((u) => u.email);
    expect(emails.sort()).toEqual([...DEMO_ACCOUNT_EMAILS].sort());

    // The password is shown once: a later start does not show it (nor a new one).
    expect(await prepareData(config, db)).toEqual({ demoSignIn: null });
  });

  it('refuses to start in production while a demo account has the published password', async () => {
    const db = await open();
    const published = await hashPassword(DEMO_PASSWORD);
    await createUser(db, { email: 'it@telecare.example', passwordHash: published });
    await createUser(db, { email: 'Admin@Telecare.example', passwordHash: published });
    await createUser(db, { email: 'supervisor@telecare.example' });

    await expect(prepareData(production, db)).rejects.toThrow(StartRefused);
    await expect(prepareData(production, db)).rejects.toThrow(
      'these accounts still have the published demo password: Admin@Telecare.example, it@telecare.example.',
    );
    expect(await prepareData(development, db)).toMatchObject({ demoSignIn: { password: DEMO_PASSWORD } });

    await db.update(users).set({ passwordHash: await hashPassword('a-new-secret-2026') });
    expect(await prepareData(production, db)).toEqual({ demoSignIn: null });
  });

  it('loads the demo data with the published password in development, which production then refuses', async () => {
    const db = await open();
    const { demoSignIn } = await prepareData(development, db);
    expect(demoSignIn).toEqual({ email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD });
    expect(await findAccountsWithDemoPassword(db)).toEqual([...DEMO_ACCOUNT_EMAILS].sort());
    await expect(prepareData(production, db)).rejects.toThrow(StartRefused);
  });
});

describe('main.ts', () => {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const main = fileURLToPath(new URL('./main.ts', import.meta.url));
  const start = (cwd: string, env: NodeJS.ProcessEnv) =>
    spawnSync(process.execPath, ['--import', tsx, main], {
      cwd,
      env: { PATH: process.env.PATH, PORT: '0', LOG_LEVEL: 'silent', ...env },
      encoding: 'utf8',
      timeout: 120_000,
    });

  it('exits with 1 and says why on stderr when it refuses to start', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'telecare-start-'));
    try {
      const dataDir = path.join(dir, 'pglite');
      // Embedded, whatever database the suite runs on: main.ts opens it by PGLITE_DIR.
      const database = await openPglite({ dataDir });
      await database.migrate();
      await createUser(database.db, {
        email: DEMO_ADMIN_EMAIL,
        passwordHash: await hashPassword(DEMO_PASSWORD),
      });
      await database.close();

      const refused = start(dir, { NODE_ENV: 'production', PGLITE_DIR: dataDir });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(
        `Refusing to start in production: these accounts still have the published demo password: ${DEMO_ADMIN_EMAIL}.`,
      );
      expect(refused.stdout).not.toContain('is running');

      const misconfigured = start(dir, { NODE_ENV: 'development', PGLITE_DIR: dataDir, TRUST_PROXY: 'true' });
      expect(misconfigured.status).toBe(1);
      expect(misconfigured.stderr).toContain('TRUST_PROXY: true would believe any X-Forwarded-For');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
