import { CODE_SESSION_REPLACED, CODE_UNAUTHORIZED, TOKEN_HEADER, type FieldError } from '@breedwise/contracts';
import i18n from './i18n';
import { feedback } from './feedback';

export type ErrorMode = 'toast' | 'modal' | 'silent';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Query parameters; arrays repeat the key, objects are sent as JSON. */
  params?: Record<string, unknown>;
  /** A JSON body. */
  data?: unknown;
  /** A form-encoded body (login, password calls). */
  form?: Record<string, string | number | boolean | undefined>;
  /** A multipart body (fields and files; the browser sets the boundary). */
  multipart?: FormData;
  /** How a refusal is shown: a toast (default), a modal, or not at all. */
  errorMode?: ErrorMode;
  /** Default 30 minutes (spec section 9). */
  timeoutMs?: number;
  /** Off by default; when on, 3 tries 100 ms apart (spec section 8). */
  retry?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (a bound device's key on the QR confirmation page). */
  headers?: Record<string, string>;
}

/** A refused or failed call. `handled` is true once the user has been told. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly code: number | undefined,
    readonly errorCode: string | undefined,
    readonly errors: FieldError[] = [],
    public handled = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface AuthHooks {
  getToken(): string | null;
  /** A 401 or a 9999: the session is gone. */
  onSessionLost(kind: 'unauthorized' | 'replaced'): void;
}
let auth: AuthHooks = { getToken: () => null, onSessionLost: () => undefined };
export function setAuthHooks(hooks: AuthHooks): void {
  auth = hooks;
}

export const DEFAULT_TIMEOUT_MS = 30 * 60 * 1000;
const API_BASE = '/api';

function pad(n: number) {
  return String(n).padStart(2, '0');
}

/** Strings trimmed, dates as YYYY-MM-DD HH:mm:ss (spec section 5). */
export function normalise(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (value instanceof Date) {
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())} ${pad(value.getHours())}:${pad(value.getMinutes())}:${pad(value.getSeconds())}`;
  }
  if (value && typeof value === 'object' && 'isValid' in value && typeof (value as { toDate?: unknown }).toDate === 'function') {
    return normalise((value as unknown as { toDate(): Date }).toDate());
  }
  if (Array.isArray(value)) return value.map(normalise);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v)]));
  }
  return value;
}

export function buildQuery(params: Record<string, unknown> = {}, addTimestamp = false): string {
  const q = new URLSearchParams();
  for (const [key, raw] of Object.entries(params)) {
    const value = normalise(raw);
    if (value === undefined || value === null || value === '') continue;
    // Lists of plain values repeat the key (traitCodes=a&traitCodes=b); lists of objects (filters) go as JSON.
    if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) value.forEach((v) => q.append(key, String(v)));
    else if (typeof value === 'object') q.append(key, JSON.stringify(value));
    else q.append(key, String(value));
  }
  if (addTimestamp) q.append('_t', String(Date.now()));
  const s = q.toString();
  return s ? `?${s}` : '';
}

function statusText(status: number, serverMsg?: string): string {
  if (status === 404) return serverMsg || i18n.t('request.status404');
  if (status === 500) return serverMsg || i18n.t('request.status500');
  return serverMsg || i18n.t('request.statusOther', { status });
}

function show(err: ApiError, mode: ErrorMode) {
  if (mode === 'silent' || err.handled) return;
  err.handled = true;
  const api = feedback.current;
  if (!api) return;
  if (mode === 'modal') api.modal.error({ title: i18n.t('request.errorTitle'), content: err.message });
  else void api.message.error(err.message);
}

async function once(url: string, opts: RequestOptions): Promise<Response> {
  const method = opts.method ?? 'GET';
  const headers: Record<string, string> = { 'accept-language': i18n.language || 'zh-CN', accept: 'application/json' };
  const token = auth.getToken();
  if (token) headers[TOKEN_HEADER] = token;
  Object.assign(headers, opts.headers);
  let body: BodyInit | undefined;
  if (opts.multipart) {
    body = opts.multipart;
  } else if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = buildQuery(opts.form).slice(1);
  } else if (opts.data !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(normalise(opts.data));
  }
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  return fetch(`${API_BASE}${url}${buildQuery(opts.params, method === 'GET')}`, { method, headers, body, signal });
}

/**
 * Calls the API and returns the whole success envelope (`{code: 0, ...}`). Everything else becomes an
 * ApiError, shown to the user as spec section 8 says unless errorMode is 'silent'.
 */
export async function request<T = unknown>(url: string, opts: RequestOptions = {}): Promise<T> {
  const mode = opts.errorMode ?? 'toast';
  const tries = opts.retry ? 3 : 1;
  let response: Response | undefined;
  for (let attempt = 1; attempt <= tries; attempt++) {
    try {
      response = await once(url, opts);
      if (response.status < 500 || attempt === tries) break;
    } catch (e) {
      if ((e as Error).name === 'AbortError' && opts.signal?.aborted) throw e;
      if (attempt === tries) {
        const err = new ApiError(i18n.t('request.noResponse'), undefined, undefined, 'NO_RESPONSE');
        show(err, mode);
        throw err;
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const res = response!;
  const text = await res.text();
  let body: { code?: number; msg?: string; message?: string; errorCode?: string; errors?: FieldError[] } | undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  const code = body?.code;
  if (res.status === 401 || code === CODE_UNAUTHORIZED || code === CODE_SESSION_REPLACED) {
    const replaced = code === CODE_SESSION_REPLACED;
    auth.onSessionLost(replaced ? 'replaced' : 'unauthorized');
    throw new ApiError(replaced ? i18n.t('session.replacedContent') : i18n.t('session.unauthorizedError'), res.status, code, body?.errorCode, [], true);
  }
  if (res.ok && code === 0) return body as T;
  let message: string;
  if (!text) message = i18n.t('request.emptyBody');
  else if (res.ok && body && typeof code === 'number') message = body.msg || body.message || i18n.t('request.emptyBody');
  else if (!body) message = statusText(res.status);
  else message = statusText(res.status, body.msg || body.message);
  const err = new ApiError(message, res.status, code, body?.errorCode, body?.errors ?? []);
  show(err, mode);
  throw err;
}

/**
 * Calls an endpoint that answers outside the envelope (a protocol word, a JSON document): the body as
 * text, or parsed when it is JSON. A refusal (enveloped) becomes an ApiError as with `request`.
 */
export async function requestRaw(url: string, opts: RequestOptions = {}): Promise<unknown> {
  const mode = opts.errorMode ?? 'toast';
  let res: Response;
  try {
    res = await once(url, opts);
  } catch (e) {
    if ((e as Error).name === 'AbortError' && opts.signal?.aborted) throw e;
    const err = new ApiError(i18n.t('request.noResponse'), undefined, undefined, 'NO_RESPONSE');
    show(err, mode);
    throw err;
  }
  const text = await res.text();
  const json = (res.headers.get('content-type') ?? '').includes('application/json');
  if (res.ok) return json && text ? JSON.parse(text) : text;
  let body: { code?: number; msg?: string; errorCode?: string; errors?: FieldError[] } | undefined;
  try {
    body = json && text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (res.status === 401) {
    auth.onSessionLost(body?.code === CODE_SESSION_REPLACED ? 'replaced' : 'unauthorized');
    throw new ApiError(i18n.t('session.unauthorizedError'), res.status, body?.code, body?.errorCode, [], true);
  }
  const err = new ApiError(statusText(res.status, body?.msg), res.status, body?.code, body?.errorCode, body?.errors ?? []);
  show(err, mode);
  throw err;
}

/** Shorthands answering the `data` of the envelope. */
export const api = {
  get: async <T>(url: string, params?: Record<string, unknown>, opts: RequestOptions = {}) =>
    (await request<{ data: T }>(url, { ...opts, method: 'GET', params })).data,
  post: async <T>(url: string, data?: unknown, opts: RequestOptions = {}) => (await request<{ data: T }>(url, { ...opts, method: 'POST', data })).data,
  put: async <T>(url: string, data?: unknown, opts: RequestOptions = {}) => (await request<{ data: T }>(url, { ...opts, method: 'PUT', data })).data,
  del: async <T>(url: string, opts: RequestOptions = {}) => (await request<{ data: T }>(url, { ...opts, method: 'DELETE' })).data,
};

export interface PageResult<T> {
  code: 0;
  msg: string;
  rows: T[];
  total: number;
  summary?: Record<string, unknown>;
}
