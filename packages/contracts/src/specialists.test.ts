import { describe, expect, it } from 'vitest';
import {
  FeeInputSchema,
  LinesSchema,
  SPECIALIST_MESSAGES as M,
  specialityInUseMessage,
} from './specialists.ts';

describe('profile list fields', () => {
  it('split on newlines, trimmed, blanks dropped, from a text or a list', () => {
    expect(LinesSchema.parse('a\n\n b \n')).toEqual(['a', 'b']);
    expect(LinesSchema.parse(['x\ny', '  ', ' z'])).toEqual(['x', 'y', 'z']);
    expect(LinesSchema.parse('')).toEqual([]);
  });
});

describe('fees', () => {
  const messages = (input: object) => {
    const result = FeeInputSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('accept digits with an optional decimal point only', () => {
    expect(messages({ total: '12a' })).toEqual([`total: ${M.feeFormat}`]);
    expect(messages({ total: '12.' })).toEqual([`total: ${M.feeFormat}`]);
    expect(messages({ total: '-5' })).toEqual([`total: ${M.feeFormat}`]);
    expect(messages({ total: '' })).toEqual([`total: ${M.feeTotalRequired}`]);
    expect(messages({ total: '120', medicareRebate: '1,5' })).toEqual([`medicareRebate: ${M.feeFormat}`]);
  });

  it('compute out-of-pocket as total minus rebate when empty, and refuse a rebate above the total', () => {
    expect(FeeInputSchema.parse({ total: '420', medicareRebate: '150.65' })).toEqual({
      total: '420',
      medicareRebate: '150.65',
      outOfPocket: '269.35',
    });
    expect(FeeInputSchema.parse({ total: ' 200 ', medicareRebate: '', outOfPocket: '10' })).toEqual({
      total: '200',
      medicareRebate: '0.00',
      outOfPocket: '10',
    });
    expect(messages({ total: '100', medicareRebate: '100.01' })).toEqual([
      `medicareRebate: ${M.rebateAboveTotal}`,
    ]);
  });
});

describe('a used speciality', () => {
  it('names who uses it', () => {
    expect(specialityInUseMessage(1, 0)).toBe(
      'The speciality is used by 1 specialist; it can not be deleted.',
    );
    expect(specialityInUseMessage(2, 3)).toBe(
      'The speciality is used by 2 specialists and 3 workflows; it can not be deleted.',
    );
  });
});
