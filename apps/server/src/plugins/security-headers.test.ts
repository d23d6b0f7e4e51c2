import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;" +
  "font-src 'self';connect-src 'self';frame-ancestors 'none';object-src 'none';base-uri 'self';form-action 'self'";

function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toBe(CSP);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
}

describe('security headers', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(path.join(os.tmpdir(), 'telecare-web-'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Telecare Staff</title>');
    t = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('are on a page of the web app, which may be cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/workflows' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectSecurityHeaders(res.headers);
    expect(res.headers['cache-control']).not.toBe('no-store');
  });

  it('are on an /api answer, with no-store', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res.headers);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('are on /api errors and 404s, with no-store', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/auth/me' }),
      await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 1 } }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-route?x=1' }),
      await t.app.inject({ method: 'DELETE', url: '/api/no-such-route' }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([401, 400, 404, 404]);
    for (const res of answers) {
      expectSecurityHeaders(res.headers);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toHaveProperty('code');
    }
  });

  it('leave HSTS out outside production', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers).not.toHaveProperty(
      'strict-transport-security',
    );
    const development = await createTestApp({
      env: { NODE_ENV: 'development', EMAIL_WORKER_INTERVAL_MS: '0' },
    });
    try {
      const res = await development.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers).not.toHaveProperty('strict-transport-security');
    } finally {
      await development.close();
    }
  });

  it('include HSTS in production', async () => {
    const production = await createTestApp({
      env: { NODE_ENV: 'production', EMAIL_WORKER_INTERVAL_MS: '0' },
    });
    try {
      for (const url of ['/api/health', '/api/no-such-route']) {
        const res = await production.app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        expectSecurityHeaders(res.headers);
      }
    } finally {
      await production.close();
    }
  });
});
