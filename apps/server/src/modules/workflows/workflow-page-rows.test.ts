import { describe, expect, it } from 'vitest';
import { PAGE_ROW_COLUMNS, pageRowOf } from './workflow-page-rows.ts';

describe('a list page row read from the select list', () => {
  it('takes each field from the position of its column in the select list', () => {
    const names = Object.keys(PAGE_ROW_COLUMNS);
    const row = pageRowOf(names.map((_, position) => position)) as unknown as Record<string, unknown>;
    expect(Object.keys(row)).toEqual(names);
    names.forEach((name, position) => {
      const value = row[name];
      expect(value instanceof Date ? value.getTime() : value, name).toBe(position);
    });
  });

  it('reads instants as Dates of whole milliseconds, and null as null', () => {
    const values = Object.keys(PAGE_ROW_COLUMNS).map(() => null);
    const creation = Object.keys(PAGE_ROW_COLUMNS).indexOf('creationTimestamp');
    values[creation] = 1_770_091_506_789.25 as never;
    const row = pageRowOf(values);
    expect(row.creationTimestamp.toISOString()).toBe('2026-02-03T04:05:06.789Z');
    expect(row.appointmentStart).toBeNull();
  });
});
