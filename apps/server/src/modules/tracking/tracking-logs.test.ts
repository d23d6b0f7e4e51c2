import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createClient, createSessionToken, createUser } from '../../test/factories.ts';
import { type LoggedApp, openLoggedApp } from '../../test/logged-app.ts';

const FIRST = 'Ottoline';
const LAST = 'Logsearch';

/** G1: the name a coordinator types to find and track a client never reaches a log line. */
describe('tracking a client, in the log', () => {
  let t: LoggedApp;
  beforeAll(async () => {
    t = await openLoggedApp();
  });
  afterAll(() => t?.close());

  it('logs the search, the check and the track without the name, also when a search is refused', async () => {
    const { app, db, lines } = t;
    const client = await createClient(db, { firstName: FIRST, lastName: LAST });
    const user = await createUser(db, { role: 'TELECARE_ADMIN' });
    const headers = bearer(await createSessionToken(db, user.id));
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

    const found = await call('POST', '/api/admin/clients/search', { search: `${FIRST} ${LAST}` });
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain(LAST);
    const tooLong = await call('POST', '/api/admin/clients/search', { search: `${LAST} ${'x'.repeat(200)}` });
    expect(tooLong.statusCode).toBe(400);
    const checked = await call('GET', `/api/admin/workflow/track-patient?clientId=${client.id}`);
    expect(checked.statusCode).toBe(200);
    const tracked = await call('POST', '/api/admin/workflow/patient', { clientId: client.id });
    expect(tracked.statusCode).toBe(201);

    const log = lines.join('');
    // The requests were logged (so the check below looks at something) ...
    expect(log).toContain('/api/admin/clients/search');
    expect(log).toContain('/api/admin/workflow/patient');
    // ... and neither part of the name is in any line.
    expect(log).not.toContain(FIRST);
    expect(log).not.toContain(LAST);
  });
});
