import { and, inArray, isNull } from 'drizzle-orm';
import { verifyPassword } from '../../modules/auth/password.ts';
import type { Db } from '../database.ts';
import { users } from '../schema/index.ts';

/** The password of the demo accounts, published in the README: never accepted in production. */
export const DEMO_PASSWORD = 'telecare-demo-2026';
export const DEMO_ADMIN_EMAIL = 'admin@telecare.example';

/** Every account the demo data creates (demo-directory.ts). */
export const DEMO_ACCOUNT_EMAILS = [
  DEMO_ADMIN_EMAIL,
  'supervisor@telecare.example',
  'it@telecare.example',
  'priya.sharma@telecare.example',
  'liam.oconnor@telecare.example',
  'mei.chen@telecare.example',
  'jack.thompson@telecare.example',
  'gp@telecare.example',
  'clinic@telecare.example',
  'specialist@telecare.example',
  'disabled@telecare.example',
];

/**
 * The demo accounts whose password is still the published one. Only the known demo addresses are
 * looked at, and each distinct hash is checked once (the demo data gives them all one hash).
 */
export async function findAccountsWithDemoPassword(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(and(inArray(users.email, DEMO_ACCOUNT_EMAILS), isNull(users.deletedAt)));
  const exposed: string[] = [];
  const verdicts = new Map<string, Promise<boolean>>();
  for (const row of rows) {
    let verdict = verdicts.get(row.passwordHash);
    if (!verdict) {
      verdict = verifyPassword(DEMO_PASSWORD, row.passwordHash);
      verdicts.set(row.passwordHash, verdict);
    }
    if (await verdict) exposed.push(row.email);
  }
  return exposed.sort();
}
