import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { spliceSerializerCompiler } from './platform/json-cache';
import { APP_VERSION, TOKEN_HEADER } from '@breedwise/contracts';
import { platformApi } from '@breedwise/contracts/platform';
import type { Config } from './config';
import type { Database } from './db/client';
import './augment';
import { installAuthHook } from './platform/auth-hook';
import { clientErrorHandler, installErrorHandler } from './platform/error-handler';
import { loggerOptions } from './platform/log';
import { AppError } from './platform/errors';
import { registerEndpoints } from './platform/endpoints';
import { installAudit, installEndpointAudit, installForeignAccessAudit } from './modules/audit';
import { installRequestScope, withRequestTransactions } from './platform/request-scope';
import { installTextGuard } from './platform/text-guard';
import { installResponseCompression } from './platform/compression';
import { installSecurityHeaders } from './platform/security-headers';
import { createStorage } from './platform/files/create-storage';
import { JobQueue } from './modules/common';
import { resolveSession } from './modules/auth';
import { serverModules } from './modules';

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Start the job queue when the app is ready (default); off for offline uses such as OpenAPI generation. */
  startJobs?: boolean;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Builds the API server: platform plugins, every business module under /api, and the web app. */
export async function buildApp({ config, database, logger, startJobs = true }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    // A proxy may pass its request id on; anything else gets a fresh one.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(spliceSerializerCompiler);
  app.decorate('config', config);
  // Transactions opened by an audited endpoint carry its operation-log line (platform/request-scope.ts).
  database.db = withRequestTransactions(database.db);
  app.decorate('database', database);
  app.decorate('storage', createStorage(config));
  const jobs = new JobQueue(database, {
    worker: config.worker,
    log: app.log,
    pollingIntervalSeconds: config.jobPollSeconds,
    maintenanceIntervalSeconds: config.jobMaintenanceSeconds,
    maxExpireSeconds: config.jobExpireSeconds,
  });
  for (const m of serverModules) m.jobs?.(jobs, { database, storage: app.storage, config });
  app.decorate('jobs', jobs);
  if (startJobs) {
    app.addHook('onReady', () => jobs.start());
    app.addHook('onClose', () => jobs.stop());
  }
  app.decorateRequest('ctx', null as never);
  app.decorateRequest('maybeCtx', undefined);
  app.decorateRequest('locale', 'zh-CN');

  await app.register(cookie);
  await app.register(formbody, { bodyLimit: config.bodyLimitBytes });
  await app.register(multipart, { limits: { fields: 20, fieldSize: 64 * 1024, files: 1, parts: 30, headerPairs: 100 } });
  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  installErrorHandler(app);
  installRequestScope(app);
  installAuthHook(app, resolveSession);
  installAudit(app);
  installEndpointAudit(app);
  installForeignAccessAudit(app);
  installTextGuard(app);
  installResponseCompression(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Breedwise API',
        version: APP_VERSION,
        description: 'Every call answers `{code, msg, data}` or, for lists, `{code, msg, rows, total, summary?}`; `code: 0` is success.',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: TOKEN_HEADER } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // The platform's own endpoints (the modules register theirs below).
  registerEndpoints(app, platformApi.resources.health, {
    check: async () => {
      const databaseOk = await database.query('select 1').then(
        () => true,
        () => false,
      );
      return {
        status: databaseOk ? ('ok' as const) : ('degraded' as const),
        database: database.kind,
        databaseOk,
        version: APP_VERSION,
        uptimeSeconds: Math.round(process.uptime()),
      };
    },
  });

  for (const m of serverModules) await m.routes?.(app);

  registerWebApp(app, config.webDist);
  return app;
}

/**
 * Serves the built web app; any other non-API path gets index.html so client routes survive a reload.
 * The build writes a brotli and a gzip copy of each file (apps/web/vite.config.ts): the browser gets the
 * best one it accepts. Fingerprinted files (assets/) are cached for a year; everything else, index.html
 * first, is revalidated on every use.
 */
function registerWebApp(app: FastifyInstance, dist: string) {
  const index = path.join(dist, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      // '/' is the app too (a directory without an index answers 403 when the client accepts no encoding).
      index: 'index.html',
      preCompressed: true,
      // Our own cache-control (below), not send's default max-age=0 (which would override it).
      cacheControl: false,
      setHeaders: (res, file) => {
        // Vite fingerprints everything under assets/, so those files never change.
        res.setHeader('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  const sendIndex = (reply: FastifyReply) => reply.sendFile('index.html');
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    if (url.startsWith('/api/') || url === '/api') {
      throw new AppError(404, 'ROUTE_NOT_FOUND', { method: req.method, url });
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && hasWeb && !path.extname(url)) {
      return sendIndex(reply);
    }
    return reply
      .status(404)
      .type('text/plain; charset=utf-8')
      .send(hasWeb ? 'Not found' : 'The web app is not built: run `npm run build`.');
  });
}
