import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import { createOtherOrg, createTestApp, createUserWithMenus, TEST_PASSWORD, type TestApp } from '../test/harness';
import { sysOrg } from '../modules/system';
import { bpmForm } from '../modules/bpm/form/form.tables';
import { bpmModel } from '../modules/bpm/model/model.tables';
import { registerBusinessType, syncBpmDefaultForms } from '../modules/bpm';

/**
 * Issue 15 item 5: timers and service steps run through the job queue (pg-boss on the same database),
 * a failed service step is retried by the queue and becomes an incident an administrator retries; a
 * second app on the same database continues an instance the first started.
 */
const B = '/api/bpm/bpm';
const ENV = { BW_BPM_RETRY_SECONDS: '1', BW_JOB_POLL_SECONDS: '0.5' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function bpmn(id: string, body: string) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bw="http://breedwise.dev/schema/bpmn" id="D_${id}" targetNamespace="http://breedwise.dev/bpmn">
  <bpmn:process id="${id}" name="${id}" isExecutable="true">
    <bpmn:startEvent id="start"/>
    ${body}
    <bpmn:endEvent id="end"/>
  </bpmn:process>
</bpmn:definitions>`;
}
const flow = (id: string, from: string, to: string) => `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`;
const timer = (id: string, duration: string) =>
  `<bpmn:intermediateCatchEvent id="${id}" name="Wait"><bpmn:timerEventDefinition><bpmn:timeDuration xsi:type="bpmn:tFormalExpression">${duration}</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>`;
const service = (id: string, strategy: string, retries?: number) =>
  `<bpmn:serviceTask id="${id}" name="Step ${id}" bw:strategy="${strategy}"${retries === undefined ? '' : ` bw:retries="${retries}"`}/>`;

/** A business type whose service step fails while `failures[key]` is above zero (one fewer each time). */
const failures: Record<string, number> = {};
const calls: Record<string, number> = {};
registerBusinessType({
  type: 'test_flaky',
  label: { 'zh-CN': '测试', en: 'Test' },
  onEnd: async () => {},
  service: async (_tx, _ctx, step) => {
    calls[step.businessKey] = (calls[step.businessKey] ?? 0) + 1;
    if ((failures[step.businessKey] ?? 0) > 0) {
      failures[step.businessKey] -= 1;
      throw new Error(`the partner system did not answer (${step.businessKey}, attempt ${step.attempt})`);
    }
    return { checkedAttempt: step.attempt };
  },
});

type Caller = (
  method: string,
  url: string,
  opts?: { token?: string; body?: unknown; query?: Record<string, string | number>; headers?: Record<string, string> },
) => Promise<{ status: number; body: any }>;

async function deploy(call: Caller, admin: string, key: string, xml: string) {
  const m = await call('POST', `${B}/model/create`, { token: admin, body: { key, name: key, bpmnXml: xml } });
  expect(m.status, JSON.stringify(m.body)).toBe(200);
  const d = await call('POST', `${B}/model/deploy`, { token: admin, body: { id: m.body.data.id } });
  return { modelId: m.body.data.id as number, deployed: d };
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 90_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

describe('timers and service steps through the job queue', () => {
  let t: TestApp, admin: string, breeder: string, viewer: string;
  const call: Caller = (m, u, o) => t.call(m, u, o);
  const detail = async (id: number) => (await t.call('GET', `${B}/process-instance/get`, { token: admin, query: { id } })).body.data;

  beforeAll(async () => {
    t = await createTestApp(ENV);
    admin = await t.login('admin');
    breeder = await t.login('breeder');
    const [org] = await t.db.select().from(sysOrg).where(eq(sysOrg.code, 'demo'));
    await createUserWithMenus(t.db, org.id, 'auto-viewer', ['bpm.my']);
    viewer = await t.login('auto-viewer');
  }, 240_000);
  afterAll(() => t.close());

  it('refuses at deployment a service task naming a strategy that is not registered', async () => {
    const { deployed } = await deploy(
      call,
      admin,
      'auto-unknown',
      bpmn('auto_unknown', `${service('s', 'deleteEverything')}${flow('f1', 'start', 's')}${flow('f2', 's', 'end')}`),
    );
    expect(deployed.status).toBe(400);
    expect(deployed.body.errorCode).toBe('BPM_MODEL_NOT_EXECUTABLE');
    expect(deployed.body.msg).toMatch(/deleteEverything/);
  });

  it('a timer fires through the queue and moves the instance on to the next task', { timeout: 240_000 }, async () => {
    const xml = bpmn(
      'auto_timer',
      `${timer('wait', 'PT1S')}<bpmn:userTask id="review" name="Review"/>${flow('f1', 'start', 'wait')}${flow('f2', 'wait', 'review')}${flow('f3', 'review', 'end')}`,
    );
    const { deployed } = await deploy(call, admin, 'auto-timer', xml);
    expect(deployed.status, JSON.stringify(deployed.body)).toBe(200);
    const started = await t.call('POST', `${B}/process-instance/create`, { token: breeder, body: { definitionId: deployed.body.data.id, variables: {} } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const id = started.body.data.id as number;
    // Waiting at the timer: no task yet, the timer with its due time on the detail.
    const first = started.body.data;
    expect(first.currentTasks).toEqual([]);
    expect(first.automatic).toEqual([expect.objectContaining({ kind: 'timer', nodeId: 'wait', failed: false })]);
    expect(first.nodeStatus.wait).toBe('active');
    const moved = await until('the timer to fire', async () => {
      const d = await detail(id);
      return d.currentTasks.includes('Review') && d;
    });
    expect(moved.automatic).toEqual([]);
    expect(moved.nodeStatus.wait).toBe('finished');
    const [task] = moved.tasks;
    const ok = await t.call('PUT', `${B}/task/approve`, { token: admin, body: { id: task.id, comment: 'ok' } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await detail(id)).status).toBe('approved');
    // The job ran once and is done; firing it again would be a no-op (the timer is gone from the state).
    const jobs = await t.database.query<{ state: string }>(
      `select state::text as state from pgboss.job where name = 'bpm.timer.fire' and singleton_key like $1`,
      [`bpm-${id}-%`],
    );
    expect(jobs.map((j) => j.state)).toEqual(['completed']);
  });

  it('a cancelled instance cancels its timer job', async () => {
    const xml = bpmn('auto_timer_long', `${timer('wait', 'P1D')}${flow('f1', 'start', 'wait')}${flow('f2', 'wait', 'end')}`);
    const { deployed } = await deploy(call, admin, 'auto-timer-long', xml);
    const started = await t.call('POST', `${B}/process-instance/create`, { token: breeder, body: { definitionId: deployed.body.data.id, variables: {} } });
    const id = started.body.data.id as number;
    const job = async () =>
      (
        await t.database.query<{ state: string; start_after: Date }>(
          `select state::text as state, start_after from pgboss.job where name = 'bpm.timer.fire' and singleton_key like $1`,
          [`bpm-${id}-%`],
        )
      )[0];
    expect((await job()).state).toBe('created');
    expect(new Date((await job()).start_after).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const c = await t.call('DELETE', `${B}/process-instance/cancel`, { token: breeder, query: { id, reason: 'no longer needed' } });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect((await job()).state).toBe('cancelled');
  });

  it('a service step runs its strategy and the instance ends (notifyStarter: the starter gets a message)', { timeout: 240_000 }, async () => {
    const xml = bpmn('auto_notify', `${service('tell', 'notifyStarter')}${flow('f1', 'start', 'tell')}${flow('f2', 'tell', 'end')}`);
    const { deployed } = await deploy(call, admin, 'auto-notify', xml);
    expect(deployed.status, JSON.stringify(deployed.body)).toBe(200);
    const started = await t.call('POST', `${B}/process-instance/create`, { token: breeder, body: { definitionId: deployed.body.data.id, variables: {} } });
    const id = started.body.data.id as number;
    expect(started.body.data.automatic).toEqual([expect.objectContaining({ kind: 'service', strategy: 'notifyStarter', attempt: 1, failed: false })]);
    await until('the service step', async () => (await detail(id)).status === 'approved');
    const messages = await t.call('GET', '/api/auth/api/message/list', { token: breeder, query: { pageSize: 50 } });
    expect(messages.status, messages.body?.msg).toBe(200);
    expect(messages.body.rows.some((m: { link: string | null }) => m.link === `/bpm/task/my/detail/${id}`)).toBe(true);
  });

  async function flakyInstance(key: string, retries: number) {
    const xml = bpmn(
      `auto_${key}`,
      `${service('partner', 'businessHandler', retries)}<bpmn:userTask id="after" name="After"/>${flow('f1', 'start', 'partner')}${flow('f2', 'partner', 'after')}${flow('f3', 'after', 'end')}`,
    );
    const { modelId, deployed } = await deploy(call, admin, `auto-${key}`, xml);
    expect(deployed.status, JSON.stringify(deployed.body)).toBe(200);
    const bound = await t.call('PUT', `${B}/relationship/save`, { token: admin, body: { businessType: 'test_flaky', modelId } });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    const started = await t.call('POST', `${B}/common/initProcess`, { token: breeder, body: { businessType: 'test_flaky', businessKey: key, variables: {} } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    return started.body.data.id as number;
  }

  it('a service step that fails twice is retried by the queue and then succeeds', { timeout: 240_000 }, async () => {
    failures['twice'] = 2;
    const id = await flakyInstance('twice', 3);
    const moved = await until('the third attempt', async () => {
      const d = await detail(id);
      return d.currentTasks.includes('After') && d;
    });
    expect(calls['twice']).toBe(3);
    expect(moved.variables.checkedAttempt).toBe(3);
    expect(moved.automatic).toEqual([]);
    // One job, retried twice by pg-boss (not three jobs).
    const jobs = await t.database.query<{ state: string; retry_count: number }>(
      `select state::text as state, retry_count from pgboss.job where name = 'bpm.service.run' and singleton_key like $1`,
      [`bpm-${id}-%`],
    );
    expect(jobs).toEqual([{ state: 'completed', retry_count: 2 }]);
  });

  it('a service step that uses up its retries is an incident; an administrator retries it and the process goes on', { timeout: 240_000 }, async () => {
    failures['broken'] = 100;
    const id = await flakyInstance('broken', 1);
    const incident = await until('the incident', async () => {
      const d = await detail(id);
      return d.automatic[0]?.failed && d;
    });
    expect(calls['broken']).toBe(2);
    expect(incident.status).toBe('running');
    expect(incident.automatic[0]).toMatchObject({ kind: 'service', nodeId: 'partner', strategy: 'businessHandler', failed: true, attempt: 2 });
    expect(incident.automatic[0].error).toMatch(/partner system did not answer/);
    expect(incident.nodeStatus.partner).toBe('active');
    // Left alone it stays an incident: no job runs it again.
    await sleep(3000);
    expect(calls['broken']).toBe(2);
    const serviceId = incident.automatic[0].id as string;
    // Who may retry: administrators (bpm:process-definition:update).
    expect((await t.call('PUT', `${B}/process-instance/retry-service`, { body: { id, serviceId } })).status).toBe(401);
    expect((await t.call('PUT', `${B}/process-instance/retry-service`, { token: viewer, body: { id, serviceId } })).status).toBe(403);
    expect((await t.call('PUT', `${B}/process-instance/retry-service`, { token: breeder, body: { id, serviceId } })).status).toBe(403);
    failures['broken'] = 0;
    const retried = await t.call('PUT', `${B}/process-instance/retry-service`, { token: admin, body: { id, serviceId } });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.data.automatic[0]).toMatchObject({ failed: false, attempt: 3 });
    const moved = await until('the retried step', async () => {
      const d = await detail(id);
      return d.currentTasks.includes('After') && d;
    });
    expect(calls['broken']).toBe(3);
    expect(moved.variables.checkedAttempt).toBe(3);
    // A second retry finds no incident.
    const again = await t.call('PUT', `${B}/process-instance/retry-service`, { token: admin, body: { id, serviceId }, headers: { 'accept-language': 'en' } });
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe('BPM_NO_INCIDENT');
    // The retry is in the operation log.
    const logged = await t.database.query(`select 1 from sys_audit_log where action = 'bpm.instance.retryService' and target_id = $1`, [String(id)]);
    expect(logged.length).toBe(1);
  });

  it('default forms for organisations created before them (migration 0028): the start-up sync gives an organisation the default forms its models name, once; a form no model names is not brought back', async () => {
    const org = await createOtherOrg(t.db, 'oldorg', [{ username: 'old-admin', nickName: 'Old admin', role: 'admin', crops: {} }]);
    // As before 0028: the default models, no forms.
    await t.db.delete(bpmForm).where(eq(bpmForm.orgId, org.orgId));
    // One default form no model names any more (its model edited not to use it).
    await t.db
      .update(bpmModel)
      .set({ bpmnXml: sql`replace(${bpmModel.bpmnXml}, 'bw:formKey="leave-request"', '')` })
      .where(and(eq(bpmModel.orgId, org.orgId), eq(bpmModel.key, 'leave-request')));
    const added = await syncBpmDefaultForms(t.db);
    const keys = (await t.db.select({ key: bpmForm.key }).from(bpmForm).where(eq(bpmForm.orgId, org.orgId))).map((r) => r.key).sort();
    expect(keys).toEqual(['approval-opinion', 'generic-request', 'purchase-request']);
    expect(added).toBe(3);
    // Idempotent: nothing more the second time, and the demo organisation (which had them) unchanged.
    expect(await syncBpmDefaultForms(t.db)).toBe(0);
    // The organisation's default model deploys again (it was refused without its form).
    const token = await t.login('old-admin');
    const [model] = await t.db
      .select({ id: bpmModel.id })
      .from(bpmModel)
      .where(and(eq(bpmModel.orgId, org.orgId), eq(bpmModel.key, 'two-step-amount')));
    const d = await t.call('POST', `${B}/model/deploy`, { token, body: { id: model.id } });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
  });
});

describe('a restart: a second app on the same database continues an instance', () => {
  it('started through one app, the task approved, timer fired and service run by another app opened after the first closed', async () => {
    const first = await createTestApp(ENV);
    let second: Awaited<ReturnType<typeof buildApp>> | null = null;
    let database: Database | null = null;
    try {
      const admin = await first.login('admin');
      const xml = bpmn(
        'auto_restart',
        `<bpmn:userTask id="review" name="Review"/>${timer('wait', 'PT1S')}${service('tell', 'notifyStarter')}${flow('f1', 'start', 'review')}${flow('f2', 'review', 'wait')}${flow('f3', 'wait', 'tell')}${flow('f4', 'tell', 'end')}`,
      );
      const { deployed } = await deploy((m, u, o) => first.call(m, u, o), admin, 'auto-restart', xml);
      expect(deployed.status, JSON.stringify(deployed.body)).toBe(200);
      const started = await first.call('POST', `${B}/process-instance/create`, { token: admin, body: { definitionId: deployed.body.data.id, variables: {} } });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const id = started.body.data.id as number;
      const taskId = started.body.data.tasks[0].id as number;

      // The first app goes away (its job queue stopped); the database is all that is left.
      await first.app.close();
      if (first.databaseUrl) database = await openDatabase({ databaseUrl: first.databaseUrl, poolSize: 5 });
      else {
        const files = await first.database.dump!();
        await first.database.close();
        database = await openDatabase({ memory: { loadDataDir: files } });
      }
      second = await buildApp({ config: first.config, database, logger: false });
      await second.ready();
      const app2 = second;
      const call = async (method: string, url: string, opts: { token?: string; body?: unknown; query?: Record<string, string | number> } = {}) => {
        const res = await app2.inject({
          method: method as 'GET',
          url,
          headers: { ...(opts.token ? { token: opts.token } : {}), ...(opts.body ? { 'content-type': 'application/json' } : {}) },
          payload: opts.body ? JSON.stringify(opts.body) : undefined,
          query: Object.fromEntries(Object.entries(opts.query ?? {}).map(([k, v]) => [k, String(v)])),
        });
        return { status: res.statusCode, body: res.json() };
      };
      const login = await app2.inject({
        method: 'POST',
        url: '/api/auth/api/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: 'admin', password: TEST_PASSWORD }).toString(),
      });
      expect(login.statusCode, login.body).toBe(200);
      const token2 = login.json().data.token as string;
      const approved = await call('PUT', `${B}/task/approve`, { token: token2, body: { id: taskId, comment: 'after the restart' } });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      const done = await until('the timer and the service step in the second app', async () => {
        const d = (await call('GET', `${B}/process-instance/get`, { token: token2, query: { id } })).body.data;
        return d.status !== 'running' && d;
      });
      expect(done.status).toBe('approved');
      expect(done.nodeStatus.tell).toBe('finished');
      expect(done.tasks[0]).toMatchObject({ status: 'approved', comment: 'after the restart' });
    } finally {
      await second?.close();
      if (first.databaseUrl) {
        await database?.close();
        await first.close();
      } else {
        await database?.close();
        fs.rmSync(first.config.dataDir, { recursive: true, force: true });
      }
    }
  }, 240_000);
});
