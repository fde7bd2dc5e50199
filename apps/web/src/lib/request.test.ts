import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, buildQuery, normalise, request, setAuthHooks } from './request';
import i18n from './i18n';

const lost = vi.fn();
let calls: { url: string; init: RequestInit }[] = [];

function respond(status: number, body: unknown) {
  return vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body), { status });
  });
}

beforeEach(async () => {
  calls = [];
  lost.mockReset();
  setAuthHooks({ getToken: () => 'tok-1', onSessionLost: lost });
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('request', () => {
  it('sends the token header, the language, and a timestamp on GET; trims parameters', async () => {
    vi.stubGlobal('fetch', respond(200, { code: 0, msg: 'ok', data: 1 }));
    await request('/x/y', { params: { keyword: '  maize ', empty: '', list: [1, 2], filters: [{ key: 'a', value: 'b|equal' }] } });
    const { url, init } = calls[0];
    expect(url).toMatch(/^\/api\/x\/y\?keyword=maize&list=1&list=2&filters=%5B.*&_t=\d+$/);
    expect((init.headers as Record<string, string>).token).toBe('tok-1');
    expect((init.headers as Record<string, string>)['accept-language']).toBe('en');
  });

  it('trims strings and formats dates in JSON bodies', async () => {
    vi.stubGlobal('fetch', respond(200, { code: 0, msg: 'ok', data: null }));
    await request('/x', { method: 'POST', data: { name: ' a ', when: new Date(2026, 0, 2, 3, 4, 5), nested: [{ v: ' b' }] } });
    expect(JSON.parse(calls[0].init.body as string)).toEqual({ name: 'a', when: '2026-01-02 03:04:05', nested: [{ v: 'b' }] });
  });

  it('sends form-encoded bodies', async () => {
    vi.stubGlobal('fetch', respond(200, { code: 0, msg: 'ok', data: null }));
    await request('/login', { method: 'POST', form: { username: ' admin ', password: 'p w' } });
    expect((calls[0].init.headers as Record<string, string>)['content-type']).toBe('application/x-www-form-urlencoded');
    expect(calls[0].init.body).toBe('username=admin&password=p+w');
  });

  it('treats HTTP 401 and code 401 as a lost session', async () => {
    vi.stubGlobal('fetch', respond(401, { code: 401, msg: 'x', errorCode: 'UNAUTHORIZED' }));
    await expect(request('/x', { errorMode: 'silent' })).rejects.toMatchObject({ message: '401 no permission', handled: true });
    expect(lost).toHaveBeenCalledWith('unauthorized');
  });

  it('treats code 9999 as a session replaced by another login', async () => {
    vi.stubGlobal('fetch', respond(401, { code: 9999, msg: 'x', errorCode: 'SESSION_REPLACED' }));
    await expect(request('/x', { errorMode: 'silent' })).rejects.toBeInstanceOf(ApiError);
    expect(lost).toHaveBeenCalledWith('replaced');
  });

  it('maps failures to the texts of spec section 8', async () => {
    vi.stubGlobal('fetch', respond(404, '<html>not json</html>'));
    await expect(request('/x', { errorMode: 'silent' })).rejects.toThrow('Status:404, requesting a non-existent server record');
    vi.stubGlobal('fetch', respond(500, '<html/>'));
    await expect(request('/x', { errorMode: 'silent' })).rejects.toThrow('Status:500, server error');
    vi.stubGlobal('fetch', respond(500, { code: 500, msg: 'disk full', errorCode: 'INTERNAL' }));
    await expect(request('/x', { errorMode: 'silent' })).rejects.toThrow('disk full');
    vi.stubGlobal('fetch', respond(418, '<x/>'));
    await expect(request('/x', { errorMode: 'silent' })).rejects.toThrow('Status:418, unknown error');
    vi.stubGlobal('fetch', respond(200, ''));
    await expect(request('/x', { errorMode: 'silent' })).rejects.toThrow('Request failed, retry later');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(request('/x', { errorMode: 'silent' })).rejects.toThrow('The server did not respond');
  });

  it('shows the server message and keeps the field errors of a refusal', async () => {
    const errors = [{ field: 'code', rule: 'format', message: 'bad code' }];
    vi.stubGlobal('fetch', respond(400, { code: 400, msg: 'Invalid input: bad code', errorCode: 'VALIDATION_FAILED', errors }));
    const err = await request('/x', { errorMode: 'silent' }).catch((e) => e);
    expect(err).toMatchObject({ message: 'Invalid input: bad code', status: 400, errorCode: 'VALIDATION_FAILED', errors });
  });

  it('retries only when asked: 3 tries', async () => {
    const fetch = respond(503, '');
    vi.stubGlobal('fetch', fetch);
    await expect(request('/x', { errorMode: 'silent' })).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(1);
    await expect(request('/x', { errorMode: 'silent', retry: true })).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('normalises nested values and builds queries without empties', () => {
    expect(normalise({ a: [' x '], b: { c: ' y' } })).toEqual({ a: ['x'], b: { c: 'y' } });
    expect(buildQuery({ a: undefined, b: null, c: '', d: 0 })).toBe('?d=0');
    expect(buildQuery({ filters: [{ key: 'name', value: 'x|like' }] })).toBe(`?filters=${encodeURIComponent('[{"key":"name","value":"x|like"}]')}`);
  });
});
