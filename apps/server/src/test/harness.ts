import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { eq, inArray } from 'drizzle-orm';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database, type Db } from '../db/client';
import { createOrganisation, sysMenu, sysRole, sysRoleMenu, sysUser, sysUserOrg, sysUserRole, type NewUser } from '../modules/system';
import { hashPassword } from '../platform/password';
import { TEST_PASSWORD } from './global-setup';

export { TEST_PASSWORD };

export interface CallOptions {
  token?: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  raw?: string;
}

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
}

export interface TestApp {
  /** The PostgreSQL URL of this app's own database (undefined on PGlite). */
  databaseUrl?: string;
  app: FastifyInstance;
  database: Database;
  db: Db;
  config: Config;
  call<T = any>(method: string, url: string, opts?: CallOptions): Promise<CallResult<T>>;
  login(username: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** A running app on its own copy of the prepared test database (demo organisation included). */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-app-'));
  const web = path.join(tmp, 'web');
  fs.mkdirSync(web);
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Breedwise test shell</title>');
  const config = loadConfig({
    BW_CAPTCHA: 'off',
    BW_TRUST_PROXY: 'true',
    LOG_LEVEL: 'silent',
    DATA_DIR: tmp,
    BW_WEB_DIST: web,
    BW_JOB_POLL_SECONDS: '0.5',
    ...env,
  } as NodeJS.ProcessEnv);

  let database: Database;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  const pgTemplate = inject('pgTemplate');
  if (pgTemplate) {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `bw_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${pgTemplate}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    databaseUrl = target.toString();
    database = await openDatabase({ databaseUrl, poolSize: 5 });
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    const dump = fs.readFileSync(inject('pgliteTemplate'));
    database = await openDatabase({ memory: { loadDataDir: new Blob([dump]) } });
  }
  const app = await buildApp({ config, database, logger: false });
  await app.ready();

  const call = async <T>(method: string, url: string, opts: CallOptions = {}): Promise<CallResult<T>> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.token = opts.token;
    let payload: string | undefined = opts.raw;
    if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(opts.form).toString();
    } else if (opts.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      payload = JSON.stringify(opts.body);
    }
    const query = Object.fromEntries(
      Object.entries(opts.query ?? {})
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    );
    const res = await app.inject({ method: method as 'GET', url, headers, payload, query });
    let body: any = undefined;
    try {
      body = res.json();
    } catch {
      body = undefined;
    }
    return { status: res.statusCode, body, headers: res.headers, text: res.body };
  };

  const login = async (username: string, password = TEST_PASSWORD) => {
    const res = await call<{ data: { token: string } }>('POST', '/api/auth/api/login', { form: { username, password } });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${res.text}`);
    return res.body.data.token;
  };

  return {
    databaseUrl,
    app,
    database,
    db: database.db,
    config,
    call,
    login,
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/** Another organisation with its own users (all with the test password). */
export async function createOtherOrg(db: Db, code: string, users: Omit<NewUser, 'password'>[]) {
  return createOrganisation(
    db,
    { code, name: `Org ${code}` },
    users.map((u) => ({ ...u, password: TEST_PASSWORD })),
  );
}

/**
 * A user of the organisation whose only role grants exactly the given menu entries (by key). An empty
 * list gives a user who may log in and do nothing else.
 */
export async function createUserWithMenus(db: Db, orgId: number, username: string, menuKeys: string[]): Promise<number> {
  const [role] = await db
    .insert(sysRole)
    .values({ orgId, roleKey: `r_${username}`, roleName: `role of ${username}` })
    .returning();
  if (menuKeys.length) {
    const menus = await db.select({ id: sysMenu.id }).from(sysMenu).where(inArray(sysMenu.menuKey, menuKeys));
    await db.insert(sysRoleMenu).values(menus.map((m) => ({ roleId: role.id, menuId: m.id })));
  }
  const [user] = await db
    .insert(sysUser)
    .values({ username, nickName: username, passwordHash: await hashPassword(TEST_PASSWORD), defaultOrgId: orgId })
    .returning();
  await db.insert(sysUserOrg).values({ userId: user.id, orgId });
  await db.insert(sysUserRole).values({ userId: user.id, roleId: role.id });
  return user.id;
}

export async function userId(db: Db, username: string): Promise<number> {
  const [row] = await db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, username));
  return row.id;
}

/** A multipart/form-data body: text fields first, then the file under the field name `file`. */
export function multipartBody(fields: Record<string, string>, file?: { name: string; content: Buffer; type?: string }) {
  const boundary = `----bw${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Polls a task until it has finished (or fails the test after `timeoutMs`). */
export async function waitForTask(t: TestApp, token: string, taskId: number, timeoutMs = 30_000): Promise<any> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const res = await t.call('GET', `/api/common/task/detail/${taskId}`, { token });
    if (['succeeded', 'failed', 'cancelled'].includes(res.body?.data?.status)) return res.body.data;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`task ${taskId} did not finish in ${timeoutMs} ms`);
}
