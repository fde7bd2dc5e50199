import type { Endpoint, Locale } from '@breedwise/contracts';
import type { Config } from './config';
import type { Database } from './db/client';
import type { RequestContext } from './platform/context';
import type { ObjectStorage } from './platform/files/storage';
import type { JobQueue } from './modules/common/jobs/queue';
import type { EndpointAuditor } from './platform/endpoints';

export interface RouteRule {
  method: string;
  url: string;
  auth: 'required' | 'optional' | 'none';
  permission?: string;
  scope?: 'platform';
  /** The contract definition's id (`doe.location.page`) when the route was registered from one. */
  endpointId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller; set by the auth hook on every route that requires a session. */
    ctx: RequestContext;
    /** The caller when the route's session is optional (logout) or present. */
    maybeCtx: RequestContext | undefined;
    locale: Locale;
  }
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Every route with its access rule, as registered (the authorisation matrix test reads it). */
    routeTable: RouteRule[];
    storage: ObjectStorage;
    jobs: JobQueue;
    /** Records a business call in the operation log (set by the audit module; see platform/endpoints.ts). */
    endpointAuditor: EndpointAuditor | null;
  }
  interface FastifyContextConfig {
    /** 'required' (default), 'optional' (used when present) or 'none' (public). */
    auth?: 'required' | 'optional' | 'none';
    /** Permission string the caller must hold (spec section 6). */
    permission?: string;
    /** 'platform': shared by every organisation, so only a platform administrator may call it. */
    scope?: 'platform';
    /** The contract definition the route was registered from (every /api route has one). */
    endpoint?: Endpoint;
  }
}
