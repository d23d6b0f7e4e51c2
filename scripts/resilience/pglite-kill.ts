/**
 * The embedded database survives a killed server: an API process on PGlite takes a burst of
 * writes and is killed with SIGKILL in the middle of it; the data folder must open again and hold
 * every write that was answered 2xx before the kill.
 *
 *   npx tsx scripts/resilience/pglite-kill.ts
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { like } from 'drizzle-orm';
import { openPgliteFolder } from '../../apps/server/src/db/database.ts';
import { users } from '../../apps/server/src/db/schema/index.ts';
import { createSessionToken, createUser } from '../../apps/server/src/test/factories.ts';

const BURST_MS = Number(process.env.BURST_MS ?? 4_000);
const WRITERS = 4;
const ROUNDS = Number(process.env.ROUNDS ?? 3);

let failures = 0;
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
};

const dir = mkdtempSync(path.join(tmpdir(), 'telecare-pglite-kill-'));
const dataDir = path.join(dir, 'pglite');
try {
  const setup = await openPgliteFolder(dataDir);
  await setup.migrate();
  const token = await createSessionToken(
    setup.db,
    (await createUser(setup.db, { role: 'TELECARE_SUPERVISOR' })).id,
  );
  await setup.close();
  const answered: string[] = [];

  for (let round = 1; round <= ROUNDS; round++) {
    const server = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('serve-pglite.ts', import.meta.url))],
      { env: { ...process.env, PGLITE_DIR: dataDir }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const [port] = (await once(createInterface({ input: server.stdout }), 'line')) as [string];
    let writing = true;
    let n = 0;
    const writer = async (w: number) => {
      while (writing) {
        const email = `kill-${round}-${w}-${n++}@telecare.test`;
        const res = await fetch(`http://127.0.0.1:${port}/api/admin/auth/users`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            email,
            firstName: 'Kill',
            lastName: 'Test',
            role: 'TELECARE_ADMIN',
            timezone: 'Australia/Melbourne',
          }),
        }).catch(() => undefined);
        if (res?.status === 201) answered.push(email);
        else if (res && res.status !== 201) throw new Error(`write answered ${res.status}`);
      }
    };
    const writers = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w).catch(() => undefined)));
    await new Promise((r) => setTimeout(r, BURST_MS));
    server.kill('SIGKILL');
    await once(server, 'exit');
    writing = false;
    await writers;

    const reopened = await openPgliteFolder(dataDir).catch((err: Error) => err);
    if (reopened instanceof Error) {
      check(false, `round ${round}: the data folder opens after SIGKILL (${reopened.message})`);
      break;
    }
    const saved = new Set(
      (await reopened.db.select({ email: users.email }).from(users).where(like(users.email, 'kill-%'))).map(
        (u) => u.email,
      ),
    );
    await reopened.close();
    const missing = answered.filter((email) => !saved.has(email));
    console.log(`round ${round}: ${answered.length} writes answered 201 so far, ${saved.size} rows found`);
    check(
      missing.length === 0,
      `round ${round}: every write answered 2xx before the kill is there (${missing.length} missing)`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (failures > 0) {
  console.error(`\n${failures} check(s) failed.`);
  process.exit(1);
}
console.log('\nThe embedded database kept every answered write through SIGKILL.');
