import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, REQUEST_TIMEOUT_MS, TIMEOUT_ERROR } from './api-client';

/** A server that never answers: the request ends only when its signal aborts. */
function hangingFetch(_input: unknown, init?: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });
}

describe('client timeouts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives up on a request past its timeout with a TIMEOUT error (the action then fails)', async () => {
    vi.stubGlobal('fetch', vi.fn(hangingFetch));
    const request = apiRequest('/api/admin/workflow/list', { method: 'POST', body: {}, timeoutMs: 50 });
    await expect(request).rejects.toBeInstanceOf(ApiError);
    await expect(request).rejects.toMatchObject({ code: TIMEOUT_ERROR });
  });

  it('uses the spec shared 60-second timeout by default', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    await apiRequest('/api/health');
    const signal = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1].signal;
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(REQUEST_TIMEOUT_MS).toBe(60_000);
  });
});
