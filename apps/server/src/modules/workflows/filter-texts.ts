/**
 * How filter text is read, shared by the database's filters (workflow-filters.ts) and the index's
 * (list-memory/memory-filters.ts). It imports nothing heavy: the index's thread loads it at start.
 */
import { newOrReview } from '@telecare/domain/workflow-rules';

/** Text that can be part of a DD/MM/YYYY date, an HH:mm time or an '(age)'; other text is not looked for in them. */
export const DATE_TEXT = /^[\d/:() ]+$/;

const OLDEST_AGE = 130;

/** The runs of consecutive ages whose shown '(age)' contains the text, when it holds a parenthesis. */
export function agesShowing(value: string): [number, number][] | undefined {
  const typed = /^(\()?(\d{1,3})(\))?$/.exec(value);
  if (!typed || (!typed[1] && !typed[3])) return undefined;
  const [, open, digits = '', close] = typed;
  const runs: [number, number][] = [];
  for (let age = 0; age <= OLDEST_AGE; age++) {
    const shown = String(age);
    const matches =
      open && close ? shown === digits : open ? shown.startsWith(digits) : shown.endsWith(digits);
    if (!matches) continue;
    const last = runs.at(-1);
    if (last && last[1] === age - 1) last[1] = age;
    else runs.push([age, age]);
  }
  return runs;
}

/** N and R (newOrReview) as the is_new_appointment value they show. */
export const NEW_OR_REVIEW: Record<string, boolean> = {
  [newOrReview(true)]: true,
  [newOrReview(false)]: false,
};
