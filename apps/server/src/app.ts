import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { APP_VERSION, Envelope, HealthData, TOKEN_HEADER } from '@breedwise/contracts';
import type { Config } from './config';
import type { Database } from './db/client';
import './platform/augment';
import { installAuthHook } from './platform/auth-hook';
import { installErrorHandler } from './platform/error-handler';
import { AppError } from './platform/errors';
import { ok } from './platform/reply';
import { authModule } from './modules/auth';
import { systemModule } from './modules/system';
import { doeModule, mapEngineRoutes } from './modules/doe';
import { germModule } from './modules/germ';
import { installAudit } from './modules/audit';
import { installTextGuard } from './platform/text-guard';
import { messageModule } from './modules/message';
import { gatewayModule, licenseInfoModule } from './modules/license';
import { gwsModule } from './modules/gws';
import { commonModule, storageSpaceRoutes } from './modules/common';
import { feedbackModule } from './modules/feedback';
import { createStorage } from './platform/files/storage';
import { JobQueue } from './modules/common/jobs/queue';
import { registerJobs } from './jobs';

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
    logger: logger ?? {
      level: config.logLevel,
      redact: { paths: ['req.headers.token', 'req.headers.cookie', 'req.headers.authorization'], censor: '[redacted]' },
    },
    // A proxy may pass its request id on; anything else gets a fresh one.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('storage', createStorage(config));
  const jobs = new JobQueue(database, { worker: config.worker, log: app.log, pollingIntervalSeconds: config.jobPollSeconds, maintenanceIntervalSeconds: config.jobMaintenanceSeconds, maxExpireSeconds: config.jobExpireSeconds });
  registerJobs(jobs, { database, storage: app.storage, config });
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
  await app.register(helmet, {
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
  installAuthHook(app);
  installAudit(app);
  installTextGuard(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Breedwise API', version: APP_VERSION, description: 'Every call answers `{code, msg, data}` or, for lists, `{code, msg, rows, total, summary?}`; `code: 0` is success.' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: TOKEN_HEADER } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.withTypeProvider<ZodTypeProvider>().get('/api/health', {
    config: { auth: 'none' },
    schema: { tags: ['platform'], summary: 'Liveness and database reachability', response: { 200: Envelope(HealthData) } },
  }, async (req) => {
    const databaseOk = await database.query('select 1').then(() => true, () => false);
    return ok(req, {
      status: databaseOk ? ('ok' as const) : ('degraded' as const),
      database: database.kind,
      databaseOk,
      version: APP_VERSION,
      uptimeSeconds: Math.round(process.uptime()),
    });
  });

  await app.register(authModule, { prefix: '/api/auth' });
  await app.register(systemModule, { prefix: '/api/system' });
  await app.register(doeModule, { prefix: '/api/doe' });
  await app.register(germModule, { prefix: '/api/germ' });
  await app.register(messageModule, { prefix: '/api/auth' });
  await app.register(licenseInfoModule, { prefix: '/api/auth' });
  await app.register(gatewayModule, { prefix: '/api/gateway' });
  await app.register(gwsModule, { prefix: '/api/gs' });
  await app.register(commonModule, { prefix: '/api/common' });
  await app.register(storageSpaceRoutes, { prefix: '/api/auth' });
  await app.register(mapEngineRoutes, { prefix: '/api/auth' });
  await app.register(feedbackModule, { prefix: '/api/auth' });

  registerWebApp(app, config.webDist);
  return app;
}

/** Serves the built web app; any other non-API path gets index.html so client routes survive a reload. */
function registerWebApp(app: FastifyInstance, dist: string) {
  const index = path.join(dist, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      index: false,
      setHeaders: (res, file) => {
        // Vite fingerprints everything under assets/, so those files never change.
        res.setHeader('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(fs.createReadStream(index));
  if (hasWeb) app.get('/', { config: { auth: 'none' }, schema: { hide: true } }, (_req, reply) => sendIndex(reply));
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    if (url.startsWith('/api/') || url === '/api') {
      throw new AppError(404, 'ROUTE_NOT_FOUND', { method: req.method, url });
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && hasWeb && !path.extname(url)) {
      return sendIndex(reply);
    }
    return reply.status(404).type('text/plain; charset=utf-8').send(hasWeb ? 'Not found' : 'The web app is not built: run `npm run build`.');
  });
}
