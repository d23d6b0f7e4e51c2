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

/** A body nested far deeper than any request (`{"x":[[[...]]]}`) is refused as bad input, never a 500. */
describe('deeply nested JSON', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await createSessionToken(t.db, (await createUser(t.db)).id);
  });
  afterAll(() => t.close());

  const nested = (field: string, depth: number) => `{"${field}":${'['.repeat(depth)}"a"${']'.repeat(depth)}}`;
  const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}"a"${'}'.repeat(depth)}`;

  it('is refused with 400 and a clear message at 3,500 and 100,000 levels, signed in or not', async () => {
    const routes = [
      { url: '/api/auth/sign-in', headers: {} },
      { url: '/api/admin/workflow/list', headers: bearer(token) },
    ];
    for (const { url, headers } of routes) {
      const bodies = [3_500, 100_000].flatMap((depth) => [
        ...['x', 'email', 'filters', 'constructor'].map((field) => nested(field, depth)),
        nestedObjects(depth),
      ]);
      for (const payload of bodies) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, `${url} ${payload.slice(0, 20)} ${payload.length}`).toBe(400);
        expect(res.json()).toEqual({
          code: 'NESTED_TOO_DEEP',
          message: 'The request is nested too deeply (at most 32 levels).',
        });
      }
    }
  });

  it('lets a body through at 32 levels and refuses it at 33', async () => {
    const at = (depth: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/workflow/list',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: nested('unknownField', depth - 1),
      });
    expect((await at(32)).statusCode).toBe(200);
    expect((await at(33)).json().code).toBe('NESTED_TOO_DEEP');
  });

  it('answers a deep body that is not even JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: `{"x":${'['.repeat(100_000)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});
