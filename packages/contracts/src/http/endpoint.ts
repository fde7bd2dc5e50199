import type { z } from 'zod';
import type { FilterFieldType } from '../common/filter';

/**
 * One definition per endpoint (issue 13): method, path, access rule, input and output schemas and, for
 * lists, the filterable and sortable keys. The server registers its routes from these definitions (the
 * module supplies only the handlers), the authorisation test derives its 401/403 matrix from them,
 * OpenAPI is generated from the registered routes, and the web calls them through a client typed from
 * the same objects. A route under /api without a definition cannot be registered.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';
/** `required`: 401 without a session; `optional`: uses a session when one is sent; `none`: public. */
export type AuthMode = 'required' | 'optional' | 'none';

/** A field the filter drawer may send for a list, and the server accepts: its type and whether it repeats. */
export interface ListFilterSpec {
  type: FilterFieldType;
  repeatable?: boolean;
}

/** The keys a list may be filtered and sorted by: declared once, read by the drawer and by the server. */
export interface ListSpec<F extends string = string, S extends string = string> {
  filters: { readonly [K in F]: ListFilterSpec };
  sortable: readonly S[];
}

/** Declares a list's keys with their literal types kept. */
export function listSpec<const F extends string, const S extends string>(spec: ListSpec<F, S>): ListSpec<F, S> {
  return spec;
}

/**
 * What an endpoint answers, exactly one of:
 * - `data`: `{code: 0, msg, data}` with this schema;
 * - `page`: `{code: 0, msg, rows, total, summary?}` with this row schema;
 * - `file`: a download (body bytes with Content-Disposition);
 * - `raw`: a body that is not enveloped (an image, a protocol answer); a schema when it is JSON.
 */
export interface EndpointSpec {
  method: HttpMethod;
  /** Path below the resource's base, e.g. `/page` or `/detail/:id`. */
  path: string;
  /** Default `required`. */
  auth?: AuthMode;
  /** Permission string the caller must hold (spec section 6). */
  permission?: string;
  /** `platform`: data shared by every organisation; only a platform administrator may call it. */
  scope?: 'platform';
  /** Answers a session whose password an administrator set and the user has not changed yet (the change itself, logout). */
  beforePasswordChange?: true;
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** How the body travels: JSON (default), form-encoded, multipart (fields and one file) or raw bytes. */
  bodyType?: 'json' | 'form' | 'multipart' | 'raw';
  data?: z.ZodType;
  page?: z.ZodType;
  /** Shape of a page's `summary` (totals row). */
  pageSummary?: z.ZodType;
  file?: true;
  raw?: z.ZodType | true;
  /** Filterable and sortable keys of a paged list. */
  list?: ListSpec;
  /** Left out of the OpenAPI document (internal protocol routes). */
  hidden?: boolean;
  /**
   * Whether a call goes to the operation log. Default: every write of a business module with a session
   * (create, update, delete, state transitions, imports and other operations) and every export;
   * `false` for a write that changes no business record (a preview, a check, marking a message read).
   */
  audit?: boolean;
  /** Client timeout when a call is known to be long (spec section 9); the default is 30 minutes. */
  timeoutMs?: number;
}

/** An endpoint after its resource and module placed it: full path, tag, access rule resolved. */
export type Endpoint<S extends EndpointSpec = EndpointSpec> = S & {
  /** Full path, e.g. `/api/doe/api/location/page`. */
  url: string;
  auth: AuthMode;
  tag: string;
  /** `<module>.<resource>.<name>`, stable: used for query keys and error reports. */
  id: string;
};

type Specs = Record<string, EndpointSpec>;

/** The endpoints of one resource (location, team, ...), not yet placed under a module prefix. */
export interface Resource<T extends Specs = Specs> {
  readonly base: string;
  readonly tag: string;
  /** Placed under this prefix instead of the module's (a module's endpoint the spec mounts elsewhere, e.g. under /api/auth). */
  readonly prefix?: string;
  readonly specs: T;
}

/**
 * Declares a resource's endpoints under a base path: `resource({tag: 'doe: locations', base: '/api/location'}, {page: {...}, ...})`.
 * Every endpoint is validated here, at load time, so a definition that cannot work fails the build's tests at once.
 */
export function resource<const T extends Specs>(meta: { tag: string; base: string; prefix?: string }, specs: T): Resource<T> {
  for (const [name, spec] of Object.entries(specs)) {
    const replies = [spec.data, spec.page, spec.file, spec.raw].filter((r) => r !== undefined).length;
    if (replies !== 1) throw new Error(`endpoint ${meta.base} ${name}: give exactly one of data, page, file or raw`);
    const pathParams = paramNames(meta.base + spec.path);
    if (pathParams.length && !spec.params) throw new Error(`endpoint ${meta.base}${spec.path}: path parameters need a params schema`);
    if (spec.list && !spec.page) throw new Error(`endpoint ${meta.base}${spec.path}: list keys belong to a page endpoint`);
  }
  return { base: meta.base, tag: meta.tag, ...(meta.prefix ? { prefix: meta.prefix } : {}), specs };
}

export type ResolvedResource<T extends Specs> = { readonly [K in keyof T]: Endpoint<T[K]> };
export type ResolvedApi<R extends Record<string, Resource>> = { readonly [K in keyof R]: ResolvedResource<R[K]['specs']> };

/** A module's API: its resources placed under the module's prefix (e.g. `/api/doe`). */
export interface ModuleApi<R extends Record<string, Resource> = Record<string, Resource>> {
  readonly module: string;
  readonly prefix: string;
  readonly resources: ResolvedApi<R>;
}

/** Places a module's resources under its prefix: `defineApi('doe', '/api/doe', {location, team})`. */
export function defineApi<const R extends Record<string, Resource>>(module: string, prefix: string, resources: R): ModuleApi<R> {
  const out: Record<string, Record<string, Endpoint>> = {};
  for (const [rname, res] of Object.entries(resources)) {
    out[rname] = {};
    for (const [name, spec] of Object.entries(res.specs)) {
      out[rname][name] = {
        ...spec,
        url: `${res.prefix ?? prefix}${res.base}${spec.path}`,
        auth: spec.auth ?? 'required',
        tag: res.tag,
        id: `${module}.${rname}.${name}`,
      };
    }
  }
  return { module, prefix, resources: out as ResolvedApi<R> };
}

/** Every endpoint of some modules, flat. */
export function endpointsOf(apis: readonly ModuleApi[]): Endpoint[] {
  return apis.flatMap((a) => Object.values(a.resources).flatMap((r) => Object.values(r as Record<string, Endpoint>)));
}

/** `:id` style parameter names of a path, in order. */
export function paramNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
}

// ----- types the server and the web derive from a definition -----

type Schema<S, K extends string> = S extends { [P in K]: infer Z extends z.ZodType } ? Z : undefined;
type In<Z> = Z extends z.ZodType ? z.input<Z> : object;
type Out<Z> = Z extends z.ZodType ? z.output<Z> : undefined;

/** Whether the endpoint's non-path input travels in the query string. */
type ReadsQuery<S extends EndpointSpec> = S['method'] extends 'GET' | 'DELETE' | 'HEAD' | 'OPTIONS' ? true : false;

/** What a caller passes: path parameters merged with the query (GET, DELETE) or the body (others). */
export type EndpointInput<S extends EndpointSpec> = In<Schema<S, 'params'>> &
  (S extends { bodyType: 'multipart' } ? { form: FormData } : ReadsQuery<S> extends true ? In<Schema<S, 'query'>> : In<Schema<S, 'body'>>);

export interface PageResult<T, Summary = Record<string, unknown>> {
  rows: T[];
  total: number;
  /** True when `total` is a floor: the count stopped at the platform's cap (`COUNT_CAP`) and more rows match. */
  totalCapped?: boolean;
  summary?: Summary;
}

/** What a call answers once unwrapped from the envelope. */
export type EndpointOutput<S extends EndpointSpec> = S extends { data: infer D extends z.ZodType }
  ? z.output<D>
  : S extends { page: infer R extends z.ZodType }
    ? PageResult<z.output<R>, S extends { pageSummary: infer M extends z.ZodType } ? z.output<M> : Record<string, unknown>>
    : S extends { raw: infer X extends z.ZodType }
      ? z.output<X>
      : unknown;

/** What a server handler returns: the data (enveloped by the platform), a page's rows and total, or nothing when it sent the reply itself. */
export type HandlerResult<S extends EndpointSpec> = S extends { data: infer D extends z.ZodType }
  ? z.input<D>
  : S extends { page: infer R extends z.ZodType }
    ? {
        rows: z.input<R>[];
        total: number;
        totalCapped?: boolean;
        summary?: S extends { pageSummary: infer M extends z.ZodType } ? z.input<M> : Record<string, unknown>;
      }
    : unknown;

export type EndpointParams<S extends EndpointSpec> = Out<Schema<S, 'params'>>;
export type EndpointQuery<S extends EndpointSpec> = Out<Schema<S, 'query'>>;
export type EndpointBody<S extends EndpointSpec> = Out<Schema<S, 'body'>>;

/** The filter keys of a list endpoint. */
export type FilterKeys<S> = S extends { list: ListSpec<infer F, string> } ? F : never;
/** The sortable keys of a list endpoint. */
export type SortKeys<S> = S extends { list: ListSpec<string, infer K> } ? K : never;
