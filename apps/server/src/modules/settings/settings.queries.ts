import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { settings } from '../../db/schema/index.ts';

/** Run-time configuration flags and lists, with their defaults when no row exists. */
export const SETTING_DEFAULTS = {
  onlyAustralianUsers: true as boolean,
  allowListedEmails: [] as string[],
  experiments: false as boolean,
  referralInbox: true as boolean,
  setWorkflowStatus: true as boolean,
};
export type SettingKey = keyof typeof SETTING_DEFAULTS;

export async function readSetting<K extends SettingKey>(
  db: Db,
  key: K,
): Promise<(typeof SETTING_DEFAULTS)[K]> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .limit(1);
  return (row?.value ?? SETTING_DEFAULTS[key]) as (typeof SETTING_DEFAULTS)[K];
}

/** Several settings in one query, each with its default when no row exists. */
export async function readSettings<K extends SettingKey>(
  db: Db,
  keys: readonly K[],
): Promise<{ [P in K]: (typeof SETTING_DEFAULTS)[P] }> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(keys.map((key) => [key, stored.get(key) ?? SETTING_DEFAULTS[key]])) as {
    [P in K]: (typeof SETTING_DEFAULTS)[P];
  };
}

export async function writeSetting<K extends SettingKey>(
  db: Db,
  key: K,
  value: (typeof SETTING_DEFAULTS)[K],
) {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}
