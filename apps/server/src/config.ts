import path from 'node:path';
import { z } from 'zod';

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .default('public'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_PREPARED: z.enum(['on', 'off']).default('on'),
  DATA_DIR: z.string().default('./data'),
  BW_CAPTCHA: z.enum(['on', 'off']).default('on'),
  BW_DEMO_PASSWORD: z.string().min(8).max(128).default('Demo@2026'),
  BW_SEED: z.enum(['demo', 'base']).optional(),
  BW_ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  BW_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(120),
  BW_SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24),
  BW_TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  BW_WEB_DIST: z.string().optional(),
  BW_HELP_URL_BASE: z.string().default('/docs/help/'),
  BW_CHAT_AI: z.enum(['on', 'off']).default('off'),
  BW_BODY_LIMIT_MB: z.coerce.number().min(0.1).max(100).default(1),
  BW_UPLOAD_MAX_MB: z.coerce.number().min(0.001).max(1024).default(10),
  BW_IMPORT_MAX_MB: z.coerce.number().min(0.001).max(1024).default(30),
  BW_RESUMABLE_MAX_MB: z.coerce
    .number()
    .min(1)
    .max(1024 * 1024)
    .default(20 * 1024),
  BW_ORG_QUOTA_GB: z.coerce
    .number()
    .min(0.001)
    .max(1024 * 1024)
    .default(50),
  BW_EXPORT_MAX_ROWS: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  BW_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  BW_WORKER: z.enum(['on', 'off']).default('on'),
  BW_JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  BW_JOB_EXPIRE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .optional(),
  BW_JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  BW_BPM_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  BW_EXPORT_DIRECT_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  BW_EMBED_ORIGINS: z.string().default(''),
  BW_ENV: z.string().trim().max(30).default('production'),
  BW_PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  BW_ALLOWED_HOSTS: z.string().default(''),
  BW_SMS_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  BW_SMS_TOKEN: z.string().optional(),
  BW_SMS_SENDER: z.string().max(30).default('Breedwise'),
  BW_SMS_LOGIN: z.enum(['on', 'off']).default('on'),
  BW_SMS_DAILY_LIMIT: z.coerce.number().int().min(1).max(1000).default(10),
  BW_SMS_IP_DAILY_LIMIT: z.coerce.number().int().min(1).max(100000).default(50),
  BW_SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  BW_MAIL_FROM: z.string().default('Breedwise <no-reply@breedwise.local>'),
  BW_LICENSE_PUBLIC_KEY: z.string().optional(),
  BW_LICENSE_SIGNING_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  databaseSchema: string;
  databasePoolSize: number;
  /** PostgreSQL: the statements this process runs often become named prepared statements (`DATABASE_PREPARED`). */
  databasePrepared: boolean;
  dataDir: string;
  captcha: boolean;
  demoPassword: string;
  seed: 'demo' | 'base';
  adminPassword: string | undefined;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  trustProxy: boolean;
  webDist: string;
  helpUrlBase: string;
  chatAi: boolean;
  bodyLimitBytes: number;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  /** Name of this environment, shown by getEnv (production, staging, ...). */
  env: string;
  /** Address of the web app for links in e-mails, SMS and QR codes (see platform/public-url.ts). */
  publicUrl: string | undefined;
  /** Without BW_PUBLIC_URL, the hosts (besides loopback ones) whose requests may get links to themselves. */
  allowedHosts: string[];
  sms: { url: string | undefined; token: string | undefined; sender: string; login: boolean; dailyLimit: number; ipDailyLimit: number };
  mail: { smtpUrl: string | undefined; from: string };
  /** Ed25519 keys (PEM): the public key enforces installed licences, the private key signs exported ones. */
  license: { publicKey: string | undefined; signingKey: string | undefined };
  uploadMaxBytes: number;
  importMaxBytes: number;
  resumableMaxBytes: number;
  orgQuotaBytes: number;
  exportMaxRows: number;
  storage:
    | { driver: 'local' }
    | { driver: 's3'; endpoint: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean };
  /** Run job workers in this process (default); off for API-only processes beside `npm run worker`. */
  worker: boolean;
  jobPollSeconds: number;
  /** Caps every job's expiry: a job whose process died is retried at most this long after it started. */
  jobExpireSeconds: number | undefined;
  jobMaintenanceSeconds: number;
  /** A failed workflow service step is retried after this long, doubling with each attempt. */
  bpmRetrySeconds: number;
  /** Exports up to this many rows are answered directly; larger ones run as a task. */
  exportDirectRows: number;
  /** Origins besides our own whose embedded pages may ask the shell to open or close tabs. */
  embedOrigins: string[];
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Reads the configuration from the environment; see the README's configuration table. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databasePrepared: e.DATABASE_PREPARED === 'on',
    dataDir: path.resolve(e.DATA_DIR),
    captcha: e.BW_CAPTCHA === 'on',
    demoPassword: e.BW_DEMO_PASSWORD,
    // An embedded database is a trial installation: give it demo data unless told otherwise.
    seed: e.BW_SEED ?? (e.DATABASE_URL ? 'base' : 'demo'),
    adminPassword: e.BW_ADMIN_PASSWORD,
    sessionIdleMinutes: e.BW_SESSION_IDLE_MINUTES,
    sessionMaxHours: e.BW_SESSION_MAX_HOURS,
    trustProxy: e.BW_TRUST_PROXY === 'true',
    webDist: path.resolve(e.BW_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    helpUrlBase: e.BW_HELP_URL_BASE,
    chatAi: e.BW_CHAT_AI === 'on',
    bodyLimitBytes: Math.round(e.BW_BODY_LIMIT_MB * 1024 * 1024),
    logLevel: e.LOG_LEVEL,
    env: e.BW_ENV,
    publicUrl: e.BW_PUBLIC_URL?.replace(/\/+$/, ''),
    allowedHosts: e.BW_ALLOWED_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    sms: {
      url: e.BW_SMS_URL,
      token: e.BW_SMS_TOKEN,
      sender: e.BW_SMS_SENDER,
      login: e.BW_SMS_LOGIN === 'on',
      dailyLimit: e.BW_SMS_DAILY_LIMIT,
      ipDailyLimit: e.BW_SMS_IP_DAILY_LIMIT,
    },
    mail: { smtpUrl: e.BW_SMTP_URL, from: e.BW_MAIL_FROM },
    license: { publicKey: e.BW_LICENSE_PUBLIC_KEY || undefined, signingKey: e.BW_LICENSE_SIGNING_KEY || undefined },
    uploadMaxBytes: Math.round(e.BW_UPLOAD_MAX_MB * 1024 * 1024),
    importMaxBytes: Math.round(e.BW_IMPORT_MAX_MB * 1024 * 1024),
    resumableMaxBytes: Math.round(e.BW_RESUMABLE_MAX_MB * 1024 * 1024),
    orgQuotaBytes: Math.round(e.BW_ORG_QUOTA_GB * 1024 * 1024 * 1024),
    exportMaxRows: e.BW_EXPORT_MAX_ROWS,
    storage: storageConfig(e),
    worker: e.BW_WORKER === 'on',
    jobPollSeconds: e.BW_JOB_POLL_SECONDS,
    jobExpireSeconds: e.BW_JOB_EXPIRE_SECONDS,
    jobMaintenanceSeconds: e.BW_JOB_MAINTENANCE_SECONDS,
    bpmRetrySeconds: e.BW_BPM_RETRY_SECONDS,
    exportDirectRows: e.BW_EXPORT_DIRECT_ROWS,
    embedOrigins: e.BW_EMBED_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  };
}

function storageConfig(e: z.infer<typeof Env>): Config['storage'] {
  if (e.BW_STORAGE === 'local') return { driver: 'local' };
  const missing = (['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !e[k]);
  if (missing.length) throw new Error(`Invalid configuration:\n  BW_STORAGE=s3 needs ${missing.join(', ')}`);
  return {
    driver: 's3',
    endpoint: e.S3_ENDPOINT!,
    region: e.S3_REGION,
    bucket: e.S3_BUCKET!,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
  };
}
