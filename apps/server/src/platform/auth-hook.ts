import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CODE_SESSION_REPLACED, TOKEN_HEADER } from '@breedwise/contracts';
import type { RequestContext } from './context';
import { can } from './context';
import { AppError } from './errors';
import { requestLocale } from './i18n';

function tokenOf(req: FastifyRequest): string | undefined {
  const value = req.headers[TOKEN_HEADER];
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * Authentication and authorisation run before the body is read: an anonymous or unauthorised
 * caller learns nothing about what the body should have held.
 */
/** How the auth module resolves a session token (injected: the platform does not import modules). */
export type SessionResolver = (
  db: FastifyInstance['database']['db'],
  policy: { idleMinutes: number; maxHours: number },
  token: string,
  ip: string,
) => Promise<{ ok: true; ctx: RequestContext } | { ok: false; reason: string }>;

export function installAuthHook(app: FastifyInstance, resolveSession: SessionResolver) {
  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    route.config ??= {};
    const config = route.config as {
      auth?: 'required' | 'optional' | 'none';
      permission?: string;
      scope?: 'platform';
      endpoint?: { id: string; beforePasswordChange?: true };
    };
    // A route under /api exists only as the registration of its contract definition (registerEndpoints).
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !config.endpoint) {
      throw new Error(
        `${[route.method].flat().join(',')} ${route.url}: an /api route has no contract definition (define it in packages/contracts and register it with registerEndpoints)`,
      );
    }
    if (route.url.startsWith('/api/docs')) config.auth = 'none';
    else if (route.url.startsWith('/api/')) config.auth ??= 'required';
    else config.auth ??= 'none';
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD twin to every GET; only HEAD routes of our own are listed.
      const autoHead = method === 'HEAD' && app.routeTable.some((r) => r.method === 'GET' && r.url === route.url);
      if (!autoHead)
        app.routeTable.push({
          method,
          url: route.url,
          auth: config.auth,
          permission: config.permission,
          ...(config.scope ? { scope: config.scope } : {}),
          ...(config.endpoint ? { endpointId: config.endpoint.id } : {}),
        });
    }
  });

  const policy = {
    idleMinutes: app.config.sessionIdleMinutes,
    maxHours: app.config.sessionMaxHours,
  };

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    req.locale = requestLocale(req);
    const config = req.routeOptions.config ?? {};
    const mode = config.auth ?? 'none';
    if (mode === 'none') return;
    const token = tokenOf(req);
    const resolution = token ? await resolveSession(app.database.db, policy, token, req.ip) : ({ ok: false, reason: 'missing' } as const);
    if (resolution.ok) {
      req.maybeCtx = resolution.ctx;
      req.ctx = resolution.ctx;
      req.locale = requestLocale(req, resolution.ctx.locale);
      // Refusals and exports speak the language of the screen asking (the web sends Accept-Language).
      resolution.ctx.locale = req.locale;
    } else if (mode === 'required') {
      if (resolution.reason === 'replaced') throw new AppError(401, 'SESSION_REPLACED', {}, { code: CODE_SESSION_REPLACED });
      throw new AppError(401, 'UNAUTHORIZED');
    }
    // An account whose password an administrator set does nothing else until the user chose their own.
    if (req.maybeCtx?.passwordChangeRequired && !config.endpoint?.beforePasswordChange) {
      throw new AppError(403, 'AUTH_PASSWORD_CHANGE_REQUIRED');
    }
    if (config.permission && req.maybeCtx && !can(req.maybeCtx, config.permission)) {
      throw new AppError(403, 'FORBIDDEN', { permission: config.permission });
    }
    if (config.scope === 'platform' && req.maybeCtx && !req.maybeCtx.platformAdmin) {
      throw new AppError(403, 'PLATFORM_ADMIN_REQUIRED');
    }
  });
}
