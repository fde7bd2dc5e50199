import { paramNames, type Endpoint, type EndpointInput, type EndpointOutput, type ModuleApi } from '@breedwise/contracts';
import { downloadBlob, type DownloadOutcome } from './download';
import { buildQuery, request, requestRaw, type ErrorMode } from './request';

/** Per-call options: how a refusal is shown (default a toast), cancellation, timeout and retry. */
export interface CallOptions {
  errorMode?: ErrorMode;
  signal?: AbortSignal;
  timeoutMs?: number;
  retry?: boolean;
  /** File endpoints: the name to save under when the answer gives none. */
  fileName?: string;
  /** Extra request headers (a bound device's key on the QR confirmation page). */
  headers?: Record<string, string>;
}

/** What a call answers: the unwrapped data or page, or, for downloads, the file saved or the task started. */
export type ClientOutput<E extends Endpoint> = E extends { file: true } ? DownloadOutcome : EndpointOutput<E>;

type Call<E extends Endpoint> =
  object extends EndpointInput<E>
    ? (input?: EndpointInput<E>, opts?: CallOptions) => Promise<ClientOutput<E>>
    : (input: EndpointInput<E>, opts?: CallOptions) => Promise<ClientOutput<E>>;

/** A typed call of one endpoint, with its query key and its URL (for links and images). */
export type ClientFn<E extends Endpoint> = Call<E> & {
  readonly endpoint: E;
  /** `[module, resource, name]`: the prefix of every query of this endpoint. */
  readonly key: readonly string[];
  /** The full URL with the given parameters (for `<img src>` and links), `/api/...`. */
  url(input?: Partial<EndpointInput<E>>): string;
};

export type ResourceClient<R> = { readonly [K in keyof R]: R[K] extends Endpoint ? ClientFn<R[K]> : never } & {
  /** `[module, resource]`: invalidating it refreshes every list and detail of the resource. */
  readonly $key: readonly string[];
};

export type ModuleClient<A extends ModuleApi> = { readonly [K in keyof A['resources']]: ResourceClient<A['resources'][K]> };

const READS_QUERY = new Set(['GET', 'DELETE', 'HEAD', 'OPTIONS']);

/** Splits the caller's input into the path (parameters substituted) and the rest. */
function place(e: Endpoint, input: Record<string, unknown> = {}): { path: string; rest: Record<string, unknown> } {
  const rest = { ...input };
  let path = e.url;
  for (const name of paramNames(e.url)) {
    if (rest[name] === undefined || rest[name] === null || rest[name] === '') throw new Error(`${e.id}: path parameter ${name} is missing`);
    path = path.replace(`:${name}`, encodeURIComponent(String(rest[name])));
    delete rest[name];
  }
  // request() and downloadBlob() take paths below /api.
  return { path: path.replace(/^\/api/, ''), rest };
}

async function call(e: Endpoint, input: Record<string, unknown> | undefined, opts: CallOptions = {}): Promise<unknown> {
  const { path, rest } = place(e, input);
  if (e.file) return downloadBlob(path, rest, opts.fileName);
  const query = READS_QUERY.has(e.method);
  const body =
    e.bodyType === 'multipart'
      ? { multipart: rest.form as FormData }
      : e.bodyType === 'form'
        ? { form: rest as Record<string, string | number | boolean | undefined> }
        : query
          ? { params: rest }
          : { data: rest };
  const options = {
    method: e.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
    timeoutMs: opts.timeoutMs ?? e.timeoutMs,
    errorMode: opts.errorMode,
    signal: opts.signal,
    retry: opts.retry,
    headers: opts.headers,
    ...body,
  };
  // Not enveloped (a protocol answer such as one word): the body itself.
  if (e.raw) return requestRaw(path, options);
  const answer = await request<{ data?: unknown; rows?: unknown[]; total?: number; summary?: Record<string, unknown> }>(path, options);
  if (e.page) return { rows: answer.rows ?? [], total: answer.total ?? 0, ...(answer.summary ? { summary: answer.summary } : {}) };
  if (e.data) return answer.data;
  return answer;
}

/**
 * The web side of a module's contract: `api.doe.location.page(query)` answers the typed page. Built from
 * the same definitions the server registers its routes from, so a path, method or shape cannot drift.
 */
export function createClient<A extends ModuleApi>(api: A): ModuleClient<A> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [rname, endpoints] of Object.entries(api.resources as Record<string, Record<string, Endpoint>>)) {
    const resource: Record<string, unknown> = { $key: [api.module, rname] };
    for (const [name, e] of Object.entries(endpoints)) {
      const fn = (input?: Record<string, unknown>, opts?: CallOptions) => call(e, input, opts);
      Object.assign(fn, {
        endpoint: e,
        key: [api.module, rname, name],
        url: (input?: Record<string, unknown>) => {
          const { path, rest } = place(e, input);
          return `/api${path}${READS_QUERY.has(e.method) ? buildQuery(rest) : ''}`;
        },
      });
      resource[name] = fn;
    }
    out[rname] = resource;
  }
  return out as ModuleClient<A>;
}
