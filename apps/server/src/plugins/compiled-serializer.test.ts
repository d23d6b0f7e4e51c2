import {
  WorkflowListResponseSchema,
  type WorkflowRow,
  WorkflowRowSchema,
} from '@telecare/contracts/workflows';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializer, rowsWrittenSerializer } from './compiled-serializer.ts';

const serialize = compiledSerializer({ schema: WorkflowListResponseSchema });

const row = (overrides: Partial<WorkflowRow> = {}): WorkflowRow => ({
  id: '0b6f3c2e-6a52-4f4e-9d7e-1f7a3b2c9d10',
  urn: 'TC0001',
  category: 'RC',
  client: { firstName: 'Ann', lastName: "O'Brien", dateOfBirth: '1950-02-03' },
  creationTimestamp: '2026-11-29T01:02:03.456Z',
  referrer: { name: 'Dr Singh', referralEndDate: null },
  caseManager: null,
  speciality: 'Cardiology',
  site: 'Darwin',
  appointment: { startDateTime: null, timezone: null, consultationType: null, contOrTbc: null },
  bookingStatus: 'Booked',
  resultsStatus: null,
  adminCheckNotes: null,
  adminCheckStatus: null,
  gpReportStatus: null,
  hasGpReport: false,
  coordinator: null,
  list: 'active',
  newOrReview: 'N',
  continuation: null,
  weeksDue: 3,
  rowColour: 'green',
  ...overrides,
});

const page = (rows: WorkflowRow[]) => ({
  rows,
  page: 1,
  pageSize: 50,
  total: rows.length,
  totalIsEstimate: false,
  rowLimit: null,
  timedOut: false,
});

/** Texts a note or a name can hold, each needing JSON's escapes or more than the common path. */
const HOSTILE_TEXTS = [
  'say "no"',
  'C:\\temp\\',
  'line\nbreak\ttab\r\u0001\u001f',
  'lone \ud800 surrogate',
  'paired 🩺 surrogate',
  'separators \u2028\u2029',
  '</script><script>alert(1)</script>',
  'x'.repeat(6000),
  `${'y'.repeat(6000)}"`,
  '',
];

describe('the compiled serializer of the workflow list', () => {
  it('writes what Zod and JSON.stringify wrote, character for character, for texts that need escapes', () => {
    const rows = HOSTILE_TEXTS.map((text, index) =>
      row({
        urn: text,
        client: { firstName: text, lastName: `${text}!`, dateOfBirth: null },
        adminCheckNotes: text,
        appointment: {
          startDateTime: '2027-01-02T03:04:05.000Z',
          timezone: 'Australia/Darwin',
          consultationType: index % 2 ? 'NEW' : 'REVIEW',
          contOrTbc: text,
        },
        weeksDue: index % 3 ? -index : null,
        rowColour: index % 4 ? null : 'red',
      }),
    );
    const data = page(rows);
    expect(serialize(data)).toBe(JSON.stringify(WorkflowListResponseSchema.parse(data)));
  });

  it('writes the schema’s properties only, so a field the list does not show can not leak into it', () => {
    const leaky = {
      ...row(),
      medicareNumber: '2123 45670 1',
      client: { ...row().client, phone: '0400 000 000' },
    };
    const written = serialize({ ...page([leaky]), sessionToken: 'secret' });
    expect(written).not.toContain('2123 45670 1');
    expect(written).not.toContain('0400 000 000');
    expect(written).not.toContain('secret');
    expect(JSON.parse(written)).toEqual(WorkflowListResponseSchema.parse(page([row()])));
  });

  it('refuses a row without a required property, or with a colour, type or due weeks the schema does not allow', () => {
    const { id: _, ...withoutId } = row();
    expect(() => serialize(page([withoutId as WorkflowRow]))).toThrow();
    expect(() => serialize(page([row({ rowColour: 'blue' as 'red' })]))).toThrow();
    const appointment = { ...row().appointment, consultationType: 'LATER' as 'NEW' };
    expect(() => serialize(page([row({ appointment })]))).toThrow();
    expect(() => serialize(page([row({ weeksDue: 2.5 })]))).toThrow();
  });
});

describe('an answer whose rows come written (the lists in memory, decision 0072)', () => {
  const answer = rowsWrittenSerializer({ schema: WorkflowListResponseSchema });
  const writeRows = compiledSerializer({ schema: z.array(WorkflowRowSchema) });

  it('is the same text as the answer written whole', () => {
    const rows = HOSTILE_TEXTS.map((text) => row({ adminCheckNotes: text }));
    const whole = { ...page(rows), total: 1234, rowLimit: 10_000 };
    expect(answer({ ...whole, rows: [], writtenRows: writeRows(rows) })).toBe(serialize(whole));
    expect(answer({ ...whole, rows: [], writtenRows: writeRows([]) })).toBe(
      serialize({ ...whole, rows: [] }),
    );
  });

  it('writes an answer without written rows as before, and never the written rows as a property', () => {
    const whole = page([row()]);
    expect(answer(whole)).toBe(serialize(whole));
    const written = answer({ ...page([]), writtenRows: writeRows([row()]) });
    expect(Object.keys(JSON.parse(written))).toEqual(Object.keys(WorkflowListResponseSchema.shape));
  });
});
