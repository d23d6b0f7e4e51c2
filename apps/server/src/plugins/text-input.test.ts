import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken, createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** PostgreSQL text can not hold NUL: such input is refused as bad input, never a 500. */
describe('text with a NUL character', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await createSessionToken(t.db, (await createUser(t.db)).id);
  });
  afterAll(() => t.close());

  it('is refused with 400 and the field named, in a body, a nested body field and a query', async () => {
    const cases = [
      {
        method: 'POST',
        url: '/api/admin/workflow/list',
        payload: { filters: { client: 'smi\u0000th' } },
        field: 'filters.client',
      },
      {
        method: 'POST',
        url: '/api/admin/workflow/list',
        payload: { list: 'archived', filters: { urn: '\u0000' } },
        field: 'filters.urn',
      },
      {
        method: 'POST',
        url: '/api/admin/appointment-requests/list',
        payload: { filters: { client: 'a\u0000' } },
        field: 'filters.client',
      },
      {
        method: 'GET',
        url: '/api/admin/coreplus/availability-slot?specialistId=%00&month=202603',
        field: 'specialistId',
      },
    ] as const;
    for (const { field, ...request } of cases) {
      const res = await t.app.inject({ ...request, headers: bearer(token) });
      expect(res.statusCode, request.url).toBe(400);
      expect(res.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid.',
        fieldErrors: { [field]: ['Please remove the invisible NUL character from this text.'] },
      });
    }
  });

  it('lets the same text through without it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/workflow/list',
      headers: bearer(token),
      payload: { filters: { client: 'smith' } },
    });
    expect(res.statusCode).toBe(200);
  });
});
