import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { installErrorHandler } from '../platform/error-handler';
import { postgresError } from '../platform/errors';

/**
 * A constraint the service did not check first (a race, or a check missing, as the DH flow template's
 * delete had: the fuzzing found it answering 500) is a conflict for the caller, never a server error.
 * The errors are real ones, raised by this run's database (PGlite, or PostgreSQL under TEST_DATABASE_URL)
 * through drizzle, then thrown from a route of an app with the platform's error handler.
 */
let t: TestApp;
const raised: Record<string, unknown> = {};

const capture = async (name: string, statement: ReturnType<typeof sql>) => {
  try {
    await t.db.execute(statement);
  } catch (err) {
    raised[name] = err;
  }
};

beforeAll(async () => {
  t = await createTestApp();
  await capture('inUse', sql`delete from nursery_dh_flow where code = 'MZ-DH'`);
  await capture('missing', sql`update nursery_dh_entry set flow_id = -1`);
  await capture('exists', sql`insert into nursery_dh_flow select * from nursery_dh_flow limit 1`);
});
afterAll(() => t.close());

const answer = async (err: unknown, lang: string) => {
  const app = Fastify();
  installErrorHandler(app);
  app.addHook('onRequest', async (req) => {
    (req as unknown as { locale: string }).locale = lang;
  });
  app.get('/x', async () => {
    throw err;
  });
  const res = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  return { status: res.statusCode, body: res.json() };
};

describe('constraint violations the service did not check', () => {
  it("are recognised under drizzle's wrapping, with their SQLSTATE", () => {
    // on delete restrict: foreign_key_violation (23503) on PostgreSQL 15, restrict_violation (23001) on
    // PGlite's PostgreSQL 17; a reference to nothing: foreign_key_violation
    expect(['23001', '23503']).toContain(postgresError(raised.inUse)?.code);
    expect(postgresError(raised.missing)?.code).toBe('23503');
    expect(postgresError(raised.exists)?.code).toBe('23505');
    expect(postgresError(new Error('plain'))).toBeNull();
    expect(postgresError(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBeNull();
  });

  it('answer 409 with a translated message: still referred to, refers to nothing, already exists', async () => {
    expect(await answer(raised.inUse, 'en')).toMatchObject({
      status: 409,
      body: { code: 409, errorCode: 'RECORD_IN_USE', msg: 'Other records still refer to this record; it cannot be deleted or changed' },
    });
    expect(await answer(raised.inUse, 'zh-CN')).toMatchObject({ status: 409, body: { msg: '该记录仍被其他记录引用，不能删除或修改' } });
    expect(await answer(raised.missing, 'en')).toMatchObject({ status: 409, body: { errorCode: 'RECORD_REFERENCE_MISSING' } });
    expect(await answer(raised.exists, 'en')).toMatchObject({ status: 409, body: { errorCode: 'RECORD_EXISTS', msg: 'The same record already exists' } });
  });

  it('leave other errors a 500 without internals', async () => {
    const res = await answer(new Error('relation "secret_table" does not exist'), 'en');
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('secret_table');
  });
});
