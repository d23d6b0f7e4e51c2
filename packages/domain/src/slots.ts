/**
 * The spec's slot logic (section 4): an available slot is split around booked times; a date is
 * valid if it has a slot long enough and is not in the past. Times are minutes since the local
 * midnight of the availability day, in the day's own zone.
 */
export type TimeRange = { start: number; end: number };

/** 'HH:mm' or 'HH:mm:ss' to minutes since midnight. */
export function toMinutes(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** Minutes since midnight to 'HH:mm'. */
export function toHhmm(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/**
 * The free parts of each slot once the busy ranges are taken out, in start order. Each piece keeps
 * the slot's other fields (its room); empty pieces are dropped.
 */
export function splitSlots<T extends TimeRange>(slots: readonly T[], busy: readonly TimeRange[]): T[] {
  const sortedBusy = [...busy].filter((b) => b.end > b.start).sort((a, b) => a.start - b.start);
  const free: T[] = [];
  for (const slot of slots) {
    let cursor = slot.start;
    for (const b of sortedBusy) {
      if (b.end <= cursor || b.start >= slot.end) continue;
      if (b.start > cursor) free.push({ ...slot, start: cursor, end: b.start });
      cursor = Math.max(cursor, b.end);
      if (cursor >= slot.end) break;
    }
    if (cursor < slot.end) free.push({ ...slot, start: cursor, end: slot.end });
  }
  return free.sort((a, b) => a.start - b.start);
}

/** Whether [start, start + duration) lies inside one of the (free) slots. */
export function fitsInSlot(slots: readonly TimeRange[], start: number, durationMinutes: number): boolean {
  const end = start + durationMinutes;
  return durationMinutes > 0 && slots.some((s) => s.start <= start && end <= s.end);
}

/** A date (YYYY-MM-DD) is valid when it is not before today and one free slot is long enough. */
export function isValidDate(
  date: string,
  today: string,
  freeSlots: readonly TimeRange[],
  durationMinutes: number,
): boolean {
  return date >= today && freeSlots.some((s) => s.end - s.start >= durationMinutes);
}

/** The starts (minutes, every `step` minutes) at which `durationMinutes` fits inside one of the slots. */
export function startsIn(slots: readonly TimeRange[], durationMinutes: number, step = 5): number[] {
  const starts = new Set<number>();
  for (const slot of slots) {
    for (let start = slot.start; start + durationMinutes <= slot.end; start += step) starts.add(start);
  }
  return [...starts].sort((a, b) => a - b);
}
