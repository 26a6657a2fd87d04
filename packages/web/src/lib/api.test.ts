import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A tiny in-memory localStorage and a scripted fetch. */
function setup(refreshOk = true) {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, String(v)),
    removeItem: (k: string) => void store.delete(k),
  });
  vi.stubGlobal('window', { location: { pathname: '/users', assign: vi.fn() } });
  const calls = { refresh: 0, requests: [] as string[] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const auth = (init.headers as Record<string, string>).Authorization ?? '';
      if (url === '/api/auth/refresh_token') {
        calls.refresh += 1;
        await new Promise((r) => setTimeout(r, 20));
        return refreshOk
          ? new Response(JSON.stringify({ token: 'fresh' }), { status: 200 })
          : new Response(JSON.stringify({ error: 'ERR_SESSION_EXPIRED', message: 'no' }), { status: 401 });
      }
      calls.requests.push(`${url} ${auth}`);
      if (auth === 'Bearer fresh') return new Response(JSON.stringify({ ok: url }), { status: 200 });
      if (url === '/api/gone') return new Response(JSON.stringify({ error: 'ERR_SESSION_EXPIRED', message: 'x' }), { status: 401 });
      return new Response(JSON.stringify({ error: 'ERR_SESSION_EXPIRED', message: 'expired' }), { status: 403 });
    }),
  );
  store.set('token', 'old');
  store.set('companyId', '1');
  store.set('userId', '2');
  return { store, calls };
}

describe('api client', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());

  it('refreshes once for concurrent expired requests and retries each with the new token', async () => {
    const { store, calls } = setup();
    const { api } = await import('./api');
    const results = await Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);
    expect(results).toEqual([{ ok: '/api/a' }, { ok: '/api/b' }, { ok: '/api/c' }]);
    expect(calls.refresh).toBe(1);
    expect(store.get('token')).toBe('fresh');
  });

  it('ends the session when the refresh is refused', async () => {
    const { store } = setup(false);
    const { api, onSessionEnded } = await import('./api');
    const ended = vi.fn();
    onSessionEnded(ended);
    await expect(api.get('/a')).rejects.toMatchObject({ code: 'ERR_SESSION_EXPIRED' });
    expect(ended).toHaveBeenCalled();
    expect(store.has('token') || store.has('companyId') || store.has('userId')).toBe(false);
  });

  it('ends the session on a 401', async () => {
    const { store } = setup();
    const { api, onSessionEnded } = await import('./api');
    const ended = vi.fn();
    onSessionEnded(ended);
    await expect(api.get('/gone')).rejects.toMatchObject({ status: 401 });
    expect(ended).toHaveBeenCalledTimes(1);
    expect(store.get('token')).toBeUndefined();
  });

  it('leaves public calls alone on 401 (wrong password)', async () => {
    const { store } = setup();
    const { api, onSessionEnded } = await import('./api');
    const ended = vi.fn();
    onSessionEnded(ended);
    await expect(api.post('/gone', {}, { auth: false })).rejects.toMatchObject({ status: 401 });
    expect(ended).not.toHaveBeenCalled();
    expect(store.get('token')).toBe('old');
  });
});
