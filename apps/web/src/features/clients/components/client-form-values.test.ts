import { describe, expect, it } from 'vitest';
import {
  ageOf,
  type ClientFormValues,
  emptyClientFormValues,
  validateCreateClient,
} from './client-form-values';

const client = (changes: Partial<ClientFormValues>): ClientFormValues => ({
  ...emptyClientFormValues(),
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '1980-12-10',
  ...changes,
});
const errorsOf = (values: ClientFormValues) => {
  const result = validateCreateClient(values);
  return result.ok ? {} : result.errors;
};

describe('client form validation', () => {
  it('blocks silently on a date of birth that is not a YYYY-MM-DD day or an empty name', () => {
    expect(errorsOf(client({ dateOfBirth: '1990-02-30', firstName: ' ', lastName: '' }))).toEqual({
      firstName: true,
      lastName: true,
      dateOfBirth: true,
    });
  });

  it('takes a date of birth from 01/01/1900 to today only, with a message outside', () => {
    expect(errorsOf(client({ dateOfBirth: '1899-12-31' }))).toEqual({
      dateOfBirth: 'The date of birth can not be before 01/01/1900.',
    });
    expect(errorsOf(client({ dateOfBirth: '2999-01-01' }))).toEqual({
      dateOfBirth: 'The date of birth can not be in the future.',
    });
    expect(validateCreateClient(client({ dateOfBirth: '1900-01-01' })).ok).toBe(true);
  });

  it('marks text longer than the API takes', () => {
    expect(
      errorsOf(
        client({
          lastName: 'x'.repeat(101),
          addressResidential: {
            ...emptyClientFormValues().addressResidential,
            streetAddress: 'y'.repeat(201),
          },
          phoneNumberMobile: '1'.repeat(31),
        }),
      ),
    ).toEqual({
      lastName: 'Please use at most 100 characters.',
      'addressResidential.streetAddress': 'Please use at most 200 characters.',
      phoneNumberMobile: 'Please use at most 30 characters.',
    });
  });

  it('shows no age for a date of birth out of range', () => {
    expect(ageOf('1800-01-01', '2026-05-01')).toBeUndefined();
    expect(ageOf('2026-05-02', '2026-05-01')).toBeUndefined();
    expect(ageOf('1900-01-01', '2026-05-01')).toBe(126);
    expect(ageOf('2010-05-02', '2026-05-01')).toBe(15);
  });
});
