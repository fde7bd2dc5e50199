import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createOtherOrg, createUserWithMenus, multipartBody, type TestApp } from '../test/harness';
import { inventoryFixture } from '../modules/germ/testing';
import { sysOrg } from '../modules/system';
import { bpmInstance } from '../modules/bpm';

const B = '/api/bpm/bpm';
const PARTICIPANT = ['bpm.todo', 'bpm.task.update', 'bpm.done', 'bpm.my', 'bpm.instance.create', 'bpm.instance.cancel'];

/** A process without a diagram (the engine does not need one): start -> tasks/gateways -> end. */
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
const flow = (id: string, from: string, to: string, cond?: string) =>
  cond
    ? `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${cond}</bpmn:conditionExpression></bpmn:sequenceFlow>`
    : `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`;

/** Manager, then (quantity > 100) the director, who may reject back to the manager. */
const twoStep = (id: string, cond = '${quantity &gt; 100}') =>
  bpmn(
    id,
    `<bpmn:userTask id="manager" name="Manager"/>
    <bpmn:exclusiveGateway id="gw" default="f_small"/>
    <bpmn:userTask id="director" name="Director" bw:rejectTarget="manager"/>
    ${flow('f1', 'start', 'manager')}${flow('f2', 'manager', 'gw')}${flow('f_big', 'gw', 'director', cond)}${flow('f_small', 'gw', 'end')}${flow('f3', 'director', 'end')}`,
  );
const countersign = (id: string, mode: 'all' | 'any') =>
  bpmn(
    id,
    `<bpmn:userTask id="review" name="Review" bw:countersign="${mode}" bw:collection="reviewers"><bpmn:multiInstanceLoopCharacteristics/></bpmn:userTask>
    ${flow('f1', 'start', 'review')}${flow('f2', 'review', 'end')}`,
  );

let t: TestApp, api: string, admin: string, breeder: string, outsider: string, newLot: (q: number) => Promise<{ id: number }>;
let u1: string, u2: string, nobody: string, u1Id: number, u2Id: number;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  ({ t, api, admin, breeder, outsider, newLot } = await inventoryFixture());
  const [org] = await t.db.select().from(sysOrg).where(eq(sysOrg.code, 'demo'));
  u1Id = await createUserWithMenus(t.db, org.id, 'wf-u1', PARTICIPANT);
  u2Id = await createUserWithMenus(t.db, org.id, 'wf-u2', PARTICIPANT);
  await createUserWithMenus(t.db, org.id, 'wf-nobody', []);
  u1 = await t.login('wf-u1');
  u2 = await t.login('wf-u2');
  nobody = await t.login('wf-nobody');
});
afterAll(() => t.close());

/** Creates and deploys a model; gives its user tasks rules of type user. */
async function deploy(key: string, xml: string, users: Record<string, number[]> = {}) {
  const m = await t.call('POST', `${B}/model/create`, { token: admin, body: { key, name: key, bpmnXml: xml } });
  expect(m.status, JSON.stringify(m.body)).toBe(200);
  const d = await t.call('POST', `${B}/model/deploy`, { token: admin, body: { id: m.body.data.id } });
  expect(d.status, JSON.stringify(d.body)).toBe(200);
  for (const [taskKey, options] of Object.entries(users)) {
    const r = await t.call('POST', `${B}/task-assign-rule/create`, { token: admin, body: { definitionId: d.body.data.id, taskKey, type: 'user', options } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  return { modelId: m.body.data.id as number, definitionId: d.body.data.id as number };
}
const start = (definitionId: number, variables: Record<string, unknown> = {}, token = breeder) =>
  t.call('POST', `${B}/process-instance/create`, { token, body: { definitionId, variables }, headers: en });
const todo = async (token: string) =>
  (await t.call('GET', `${B}/task/todo-page`, { token, query: { pageSize: 200 } })).body.rows as {
    id: number;
    instanceId: number;
    nodeId: string;
    name: string;
  }[];
const openTask = async (token: string, instanceId: number) => (await todo(token)).find((r) => r.instanceId === instanceId)!;
const decide = (action: 'approve' | 'reject', id: number, token: string, comment: string | null = null, variables: Record<string, unknown> = {}) =>
  t.call('PUT', `${B}/task/${action}`, { token, body: { id, comment, variables }, headers: en });
const instance = async (id: number, token = breeder) => (await t.call('GET', `${B}/process-instance/get`, { token, query: { id } })).body.data;

describe('process models', () => {
  it('refuses a text that is not BPMN 2.0, on create and on import, naming the reason in both languages', async () => {
    const bad = await t.call('POST', `${B}/model/create`, {
      token: admin,
      body: { key: 'bad', name: 'Bad', bpmnXml: '<html><body>no</body></html>' },
      headers: en,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('BPM_INVALID_BPMN');
    expect(bad.body.msg).toMatch(/^Not a valid BPMN 2.0 process: /);
    const zh = await t.call('POST', `${B}/model/create`, {
      token: admin,
      body: { key: 'bad', name: 'Bad', bpmnXml: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x/>' },
    });
    expect(zh.body.msg).toMatch(/^不是有效的 BPMN 2.0 流程：/);
    const { payload, headers } = multipartBody({ name: 'Broken' }, { name: 'broken.bpmn', content: Buffer.from('<definitions/>') });
    const imp = await t.app.inject({ method: 'POST', url: `${B}/model/import`, payload, headers: { ...headers, token: admin, ...en } });
    expect(imp.statusCode).toBe(400);
    expect(JSON.parse(imp.body).errorCode).toBe('BPM_INVALID_BPMN');
  });

  it('imports a .bpmn file as a new model and deploys immutable versions', async () => {
    const { payload, headers } = multipartBody({ name: 'Imported two-step' }, { name: 'two.bpmn', content: Buffer.from(twoStep('imported_two')) });
    const imp = await t.app.inject({ method: 'POST', url: `${B}/model/import`, payload, headers: { ...headers, token: admin } });
    expect(imp.statusCode).toBe(200);
    const model = JSON.parse(imp.body).data;
    expect(model).toMatchObject({ key: 'imported_two', name: 'Imported two-step', latest: null });
    const v1 = await t.call('POST', `${B}/model/deploy`, { token: admin, body: { id: model.id } });
    expect(v1.body.data).toMatchObject({ version: 1, state: 'active', userTasks: [{ key: 'manager' }, { key: 'director', rejectTarget: 'manager' }] });
    await t.call('PUT', `${B}/model/update`, {
      token: admin,
      body: { id: model.id, name: 'Imported two-step', bpmnXml: twoStep('imported_two', '${quantity &gt; 5}') },
    });
    const v2 = await t.call('POST', `${B}/model/deploy`, { token: admin, body: { id: model.id } });
    expect(v2.body.data.version).toBe(2);
    const xml1 = await t.call('GET', `${B}/process-definition/get-bpmn-xml`, { token: admin, query: { id: v1.body.data.id } });
    expect(xml1.body.data).toContain('quantity &gt; 100');
    const page = await t.call('GET', `${B}/process-definition/page`, { token: admin, query: { modelId: model.id } });
    expect(page.body.rows.map((r: { version: number }) => r.version)).toEqual([2, 1]);
    // A deployed model is not deleted; a draft one is.
    expect((await t.call('DELETE', `${B}/model/delete`, { token: admin, query: { id: model.id }, headers: en })).body.errorCode).toBe('BPM_MODEL_IN_USE');
    const draft = await t.call('POST', `${B}/model/create`, { token: admin, body: { key: 'draft_only', name: 'Draft' } });
    expect((await t.call('DELETE', `${B}/model/delete`, { token: admin, query: { id: draft.body.data.id } })).status).toBe(200);
  });

  it('refuses a gateway condition that tries to call code, and never runs it', async () => {
    for (const cond of ['${process.exit(1)}', "${require('fs')}", '${constructor.constructor(1)}', '${`x`}']) {
      const res = await t.call('POST', `${B}/model/create`, { token: admin, body: { key: 'evil', name: 'Evil', bpmnXml: twoStep('evil', cond) }, headers: en });
      expect(res.status, cond).toBe(400);
      expect(res.body.errorCode).toBe('BPM_INVALID_BPMN');
    }
    // A script task is refused too (never run).
    const script = bpmn(
      'scripted',
      `<bpmn:scriptTask id="s" scriptFormat="javascript"><bpmn:script>process.exit()</bpmn:script></bpmn:scriptTask>${flow('f1', 'start', 's')}${flow('f2', 's', 'end')}`,
    );
    expect((await t.call('POST', `${B}/model/create`, { token: admin, body: { key: 'scripted', name: 'S', bpmnXml: script } })).body.errorCode).toBe(
      'BPM_INVALID_BPMN',
    );
    expect((await t.call('GET', `${B}/model/page`, { token: admin, query: { keyword: 'evil' } })).body.total).toBe(0);
  });

  it('is refused to users without the model rights, and invisible to another organisation', async () => {
    expect((await t.call('GET', `${B}/model/page`, { token: breeder })).status).toBe(403);
    const mine = await t.call('GET', `${B}/model/page`, { token: admin, query: { keyword: 'one-step' } });
    expect(mine.body.rows[0]).toMatchObject({ key: 'one-step-approval', latest: { version: 1, state: 'active' } });
    const theirs = await t.call('GET', `${B}/model/get`, { token: outsider, query: { id: mine.body.rows[0].id } });
    expect(theirs.status).toBe(404);
  });
});

describe('execution', () => {
  let two: { definitionId: number; modelId: number };
  beforeAll(async () => {
    two = await deploy('exec_two', twoStep('exec_two'), { manager: [u1Id], director: [u2Id] });
  });

  it('exclusive gateway: a small quantity ends after the manager, a large one goes on to the director', async () => {
    const small = await start(two.definitionId, { quantity: 10 });
    expect(small.status).toBe(200);
    expect(small.body.data).toMatchObject({ status: 'running', currentTasks: ['Manager'] });
    expect((await decide('approve', (await openTask(u1, small.body.data.id)).id, u1, 'fine')).status).toBe(200);
    expect((await instance(small.body.data.id)).status).toBe('approved');

    const big = await start(two.definitionId, { quantity: 500 });
    await decide('approve', (await openTask(u1, big.body.data.id)).id, u1);
    const mid = await instance(big.body.data.id);
    expect(mid).toMatchObject({ status: 'running', currentTasks: ['Director'] });
    expect(mid.nodeStatus).toMatchObject({ start: 'finished', manager: 'finished', gw: 'finished', f_big: 'finished', director: 'active', end: 'untouched' });
    await decide('approve', (await openTask(u2, big.body.data.id)).id, u2, 'ok');
    const done = await instance(big.body.data.id);
    expect(done.status).toBe('approved');
    expect(done.tasks.map((x: { nodeId: string; status: string }) => [x.nodeId, x.status])).toEqual([
      ['manager', 'approved'],
      ['director', 'approved'],
    ]);
    const timeline = await t.call('GET', `${B}/task/list-by-process-instance-id`, { token: breeder, query: { processInstanceId: big.body.data.id } });
    expect(timeline.body.data.map((x: { assigneeName: string; comment: string | null }) => [x.assigneeName, x.comment])).toEqual([
      ['wf-u1', null],
      ['wf-u2', 'ok'],
    ]);
    // The done list of each approver.
    const done1 = await t.call('GET', `${B}/task/done-page`, { token: u2 });
    expect(done1.body.rows.some((r: { instanceId: number }) => r.instanceId === big.body.data.id)).toBe(true);
  });

  it('a condition that cannot be evaluated refuses the step and leaves the instance as it was', async () => {
    const inst = await start(two.definitionId, { other: 1 });
    const task = await openTask(u1, inst.body.data.id);
    const res = await decide('approve', task.id, u1);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('BPM_CONDITION_FAILED');
    expect(res.body.msg).toContain('quantity');
    expect((await openTask(u1, inst.body.data.id)).id).toBe(task.id);
    // Variables are JSON data with plain names.
    const proto = await t.call('PUT', `${B}/task/approve`, {
      token: u1,
      raw: JSON.stringify({ id: task.id, comment: null, variables: { __proto__x: 1 } }),
      headers: { ...en, 'content-type': 'application/json' },
    });
    expect(proto.status).toBe(400);
    expect(proto.body.errorCode).toBe('BPM_WORKFLOW');
    // With the variable given in the form, it goes on.
    expect((await decide('approve', task.id, u1, null, { quantity: 1 })).status).toBe(200);
  });

  it('reject goes back to the reject target; a reject without target ends the instance rejected', async () => {
    const inst = await start(two.definitionId, { quantity: 900 });
    await decide('approve', (await openTask(u1, inst.body.data.id)).id, u1);
    await decide('reject', (await openTask(u2, inst.body.data.id)).id, u2, 'too much');
    const back = await openTask(u1, inst.body.data.id);
    expect(back.nodeId).toBe('manager');
    await decide('reject', back.id, u1, 'no');
    const ended = await instance(inst.body.data.id);
    expect(ended.status).toBe('rejected');
    expect(ended.tasks.map((x: { status: string }) => x.status)).toEqual(['approved', 'rejected', 'rejected']);
  });

  it('refuses the task of someone else, and a user without task rights', async () => {
    const inst = await start(two.definitionId, { quantity: 1 });
    const task = await openTask(u1, inst.body.data.id);
    const other = await decide('approve', task.id, u2);
    expect(other.status).toBe(403);
    expect(other.body.errorCode).toBe('BPM_TASK_NOT_YOURS');
    expect(other.body.msg).toBe('This task is not in your to-do list; you cannot handle it');
    expect((await decide('approve', task.id, nobody)).status).toBe(403);
    expect((await decide('approve', task.id, outsider)).status).toBe(404);
    // Handing it over: the new assignee may, the old one no longer.
    const moved = await t.call('PUT', `${B}/task/update-assignee`, { token: u1, body: { id: task.id, assigneeUserId: u2Id } });
    expect(moved.body.data).toMatchObject({ assigneeUserId: u2Id, assigneeName: 'wf-u2' });
    expect((await decide('approve', task.id, u1)).body.errorCode).toBe('BPM_TASK_NOT_YOURS');
    expect((await decide('approve', task.id, u2)).status).toBe(200);
  });

  it('a suspended definition starts nothing; its running instances go on; activation restores it', async () => {
    const running = await start(two.definitionId, { quantity: 1 });
    const sus = await t.call('PUT', `${B}/model/update-state`, { token: admin, body: { id: two.definitionId, state: 'suspended' } });
    expect(sus.body.data.state).toBe('suspended');
    const refused = await start(two.definitionId, { quantity: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body.errorCode).toBe('BPM_DEFINITION_SUSPENDED');
    expect(refused.body.msg).toBe('The process definition exec_two (version 1) is suspended; no new process can start');
    expect((await decide('approve', (await openTask(u1, running.body.data.id)).id, u1)).status).toBe(200);
    await t.call('PUT', `${B}/model/update-state`, { token: admin, body: { id: two.definitionId, state: 'active' } });
    expect((await start(two.definitionId, { quantity: 1 })).status).toBe(200);
  });

  it('a cancelled instance takes no more decisions; only its starter cancels it, with a reason', async () => {
    const inst = await start(two.definitionId, { quantity: 1 });
    const task = await openTask(u1, inst.body.data.id);
    const noReason = await t.call('DELETE', `${B}/process-instance/cancel`, { token: breeder, query: { id: inst.body.data.id, reason: ' ' }, headers: en });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors[0].field).toBe('reason');
    const notStarter = await t.call('DELETE', `${B}/process-instance/cancel`, { token: u1, query: { id: inst.body.data.id, reason: 'x' }, headers: en });
    expect(notStarter.body.errorCode).toBe('BPM_NOT_STARTER');
    const cancelled = await t.call('DELETE', `${B}/process-instance/cancel`, { token: breeder, query: { id: inst.body.data.id, reason: 'changed my mind' } });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', cancelReason: 'changed my mind', currentTasks: [] });
    const late = await decide('approve', task.id, u1);
    expect(late.status).toBe(409);
    expect(late.body.errorCode).toBe('BPM_INSTANCE_NOT_RUNNING');
    expect(late.body.msg).toBe('The process instance has ended (cancelled); nothing more can be done on it');
    const mine = await t.call('GET', `${B}/process-instance/my-page`, { token: breeder, query: { status: 'cancelled' } });
    expect(mine.body.rows.some((r: { id: number }) => r.id === inst.body.data.id)).toBe(true);
  });

  it('running instances keep the version they started on', async () => {
    const inst = await start(two.definitionId, { quantity: 50 });
    await t.call('PUT', `${B}/model/update`, {
      token: admin,
      body: { id: two.modelId, name: 'exec_two', bpmnXml: twoStep('exec_two', '${quantity &gt; 10}') },
    });
    const v2 = await t.call('POST', `${B}/model/deploy`, { token: admin, body: { id: two.modelId } });
    expect(v2.body.data.version).toBe(2);
    await decide('approve', (await openTask(u1, inst.body.data.id)).id, u1);
    // Version 1: 50 is not above 100, so no director.
    expect((await instance(inst.body.data.id)).status).toBe('approved');
  });

  it('countersign all: every reviewer must approve, the first reject decides', async () => {
    const { definitionId } = await deploy('cs_all', countersign('cs_all', 'all'), { review: [u1Id, u2Id] });
    const a = await start(definitionId);
    expect(a.body.data.tasks.map((x: { assigneeUserId: number; multiTotal: number }) => [x.assigneeUserId, x.multiTotal])).toEqual([
      [u1Id, 2],
      [u2Id, 2],
    ]);
    await decide('approve', (await openTask(u1, a.body.data.id)).id, u1);
    expect((await instance(a.body.data.id)).status).toBe('running');
    await decide('approve', (await openTask(u2, a.body.data.id)).id, u2);
    expect((await instance(a.body.data.id)).status).toBe('approved');
    const b = await start(definitionId);
    await decide('approve', (await openTask(u1, b.body.data.id)).id, u1);
    await decide('reject', (await openTask(u2, b.body.data.id)).id, u2, 'no');
    expect((await instance(b.body.data.id)).status).toBe('rejected');
  });

  it('countersign any: the first decision decides and closes the others', async () => {
    const { definitionId } = await deploy('cs_any', countersign('cs_any', 'any'), { review: [u1Id, u2Id] });
    const a = await start(definitionId);
    const u2Task = await openTask(u2, a.body.data.id);
    await decide('approve', (await openTask(u1, a.body.data.id)).id, u1);
    const done = await instance(a.body.data.id);
    expect(done.status).toBe('approved');
    expect(done.tasks.map((x: { status: string; closeReason: string | null }) => [x.status, x.closeReason])).toEqual([
      ['approved', null],
      ['closed', 'countersignDecided'],
    ]);
    expect((await decide('approve', u2Task.id, u2)).body.errorCode).toBe('BPM_INSTANCE_NOT_RUNNING');
  });

  it('user groups and role rules resolve to their members; an empty rule is refused', async () => {
    const g = await t.call('POST', `${B}/user-group/create`, { token: admin, body: { name: 'Seed committee', memberUserIds: [u2Id] } });
    expect(g.body.data).toMatchObject({ name: 'Seed committee', memberNames: ['wf-u2'] });
    expect((await t.call('POST', `${B}/user-group/create`, { token: admin, body: { name: 'Seed committee' }, headers: en })).body.errorCode).toBe(
      'BPM_GROUP_NAME_EXISTS',
    );
    const simple = await t.call('GET', `${B}/user-group/list-all-simple`, { token: admin });
    expect(simple.body.data).toContainEqual({ id: g.body.data.id, name: 'Seed committee' });
    const { definitionId } = await deploy('grouped', twoStep('grouped'));
    const rules = await t.call('GET', `${B}/task-assign-rule/list`, { token: admin, query: { definitionId } });
    expect(rules.body.data.map((r: { taskKey: string; id: number | null }) => [r.taskKey, r.id])).toEqual([
      ['manager', null],
      ['director', null],
    ]);
    const empty = await t.call('POST', `${B}/task-assign-rule/create`, {
      token: admin,
      body: { definitionId, taskKey: 'manager', type: 'group', options: [] },
      headers: en,
    });
    expect(empty.body.errorCode).toBe('BPM_RULE_OPTIONS');
    const unknown = await t.call('POST', `${B}/task-assign-rule/create`, { token: admin, body: { definitionId, taskKey: 'nope', type: 'starter' } });
    expect(unknown.body.errorCode).toBe('BPM_RULE_TASK_UNKNOWN');
    const rule = await t.call('POST', `${B}/task-assign-rule/create`, {
      token: admin,
      body: { definitionId, taskKey: 'manager', type: 'group', options: [g.body.data.id] },
    });
    expect(rule.body.data).toMatchObject({ type: 'group', options: [g.body.data.id] });
    await t.call('POST', `${B}/task-assign-rule/create`, { token: admin, body: { definitionId, taskKey: 'director', type: 'starter' } });
    const inst = await start(definitionId, { quantity: 1000 });
    await decide('approve', (await openTask(u2, inst.body.data.id)).id, u2);
    // The starter approves the director step.
    await decide('approve', (await openTask(breeder, inst.body.data.id)).id, breeder);
    expect((await instance(inst.body.data.id)).status).toBe('approved');
    // Rule changes apply to later tasks.
    await t.call('PUT', `${B}/task-assign-rule/update`, { token: admin, body: { id: rule.body.data.id, type: 'user', options: [u1Id] } });
    const next = await start(definitionId, { quantity: 1 });
    expect(await openTask(u1, next.body.data.id)).toBeDefined();
    const stat = await t.call('GET', `${B}/task/my-todo-statistic`, { token: u1 });
    expect(stat.body.data.todo).toBeGreaterThan(0);
    expect((await t.call('DELETE', `${B}/user-group/delete`, { token: admin, query: { id: g.body.data.id } })).status).toBe(200);
  });

  it('a process whose task finds no one is refused at start', async () => {
    const { definitionId } = await deploy('lonely', twoStep('lonely'), { manager: [] as number[] }).catch(() => ({ definitionId: 0 }));
    expect(definitionId).toBe(0);
    const d = await deploy('lonely2', twoStep('lonely2'));
    const g = await t.call('POST', `${B}/user-group/create`, { token: admin, body: { name: 'Empty group' } });
    await t.call('POST', `${B}/task-assign-rule/create`, {
      token: admin,
      body: { definitionId: d.definitionId, taskKey: 'manager', type: 'group', options: [g.body.data.id] },
    });
    const res = await start(d.definitionId, { quantity: 1 });
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe('BPM_NO_CANDIDATES');
    expect(await t.db.select().from(bpmInstance).where(eq(bpmInstance.definitionId, d.definitionId))).toHaveLength(0);
  });
});

describe('business integration: outbound documents', () => {
  const submitOutbound = async (lotId: number, quantity: number) => {
    const doc = await t.call('POST', `${api}/outbound/create`, { token: admin, body: { title: 'WF', lines: [{ lotId, quantity }] } });
    const sub = await t.call('PUT', `${api}/outbound/status`, { token: admin, body: { id: doc.body.data.id, action: 'submit' } });
    expect(sub.body.data.status).toBe('submitted');
    const [inst] = await t.db
      .select()
      .from(bpmInstance)
      .where(
        sql`${bpmInstance.businessType} = 'germ_outbound' and ${bpmInstance.businessKey} = ${String(doc.body.data.id)} and ${bpmInstance.status} = 'running'`,
      );
    return { docId: doc.body.data.id as number, instanceId: inst.id };
  };
  const balance = async (lotId: number) => (await t.call('GET', `${api}/lot/detail/${lotId}`, { token: admin })).body.data.quantity;

  it('the same task approved 20 times at once has its effect once; the others hear "already handled"', async () => {
    const lot = await newLot(100);
    const { docId, instanceId } = await submitOutbound(lot.id, 7);
    const task = await openTask(admin, instanceId);
    const all = await Promise.all(Array.from({ length: 20 }, () => decide('approve', task.id, admin, 'go')));
    const codes = all.map((r) => r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(new Set(all.filter((r) => r.status === 409).map((r) => r.body.msg))).toEqual(new Set(['This task has already been handled']));
    expect(await balance(lot.id)).toBe(93);
    const doc = await t.call('GET', `${api}/outbound/detail/${docId}`, { token: admin });
    expect(doc.body.data).toMatchObject({ status: 'approved', reviewComment: 'go' });
  });

  it('binding: a two-step model with a gateway approves outbound documents; reject, resubmit, approve, stock down once', async () => {
    const bindings = await t.call('GET', `${B}/relationship/list`, { token: admin });
    expect(bindings.body.data.find((b: { businessType: string }) => b.businessType === 'germ_outbound')).toMatchObject({
      modelName: expect.stringContaining('One-step'),
    });
    const two = await deploy('outbound_two', twoStep('outbound_two', '${quantity &gt; 5}'), { manager: [u1Id], director: [u2Id] });
    const saved = await t.call('PUT', `${B}/relationship/save`, { token: admin, body: { businessType: 'germ_outbound', modelId: two.modelId } });
    expect(saved.body.data).toMatchObject({ businessType: 'germ_outbound', modelId: two.modelId, version: 1 });
    const lot = await newLot(50);
    const first = await submitOutbound(lot.id, 10);
    await decide('approve', (await openTask(u1, first.instanceId)).id, u1);
    await decide('reject', (await openTask(u2, first.instanceId)).id, u2, 'not this season');
    // Back to the manager (reject target): rejected there, the document is rejected.
    await decide('reject', (await openTask(u1, first.instanceId)).id, u1, 'agreed, no');
    let doc = (await t.call('GET', `${api}/outbound/detail/${first.docId}`, { token: admin })).body.data;
    expect(doc).toMatchObject({ status: 'rejected', reviewComment: 'agreed, no' });
    expect(await balance(lot.id)).toBe(50);
    // The breeder (here the creator) reopens and resubmits: a new instance.
    await t.call('PUT', `${api}/outbound/status`, { token: admin, body: { id: first.docId, action: 'reopen' } });
    await t.call('PUT', `${api}/outbound/status`, { token: admin, body: { id: first.docId, action: 'submit' } });
    const [again] = await t.db
      .select()
      .from(bpmInstance)
      .where(sql`${bpmInstance.businessKey} = ${String(first.docId)} and ${bpmInstance.status} = 'running'`);
    expect(again.id).not.toBe(first.instanceId);
    await decide('approve', (await openTask(u1, again.id)).id, u1);
    await decide('approve', (await openTask(u2, again.id)).id, u2, 'ok');
    doc = (await t.call('GET', `${api}/outbound/detail/${first.docId}`, { token: admin })).body.data;
    expect(doc.status).toBe('approved');
    expect(doc.events.map((e: { action: string }) => e.action)).toEqual(['create', 'submit', 'reject', 'reopen', 'submit', 'approve']);
    expect(await balance(lot.id)).toBe(40);
    // Withdrawing a submitted document cancels its process.
    const second = await submitOutbound(lot.id, 1);
    await t.call('PUT', `${api}/outbound/status`, { token: admin, body: { id: second.docId, action: 'withdraw' } });
    expect((await instance(second.instanceId, admin)).status).toBe('cancelled');
    // Cancelling from the process screen returns the document to draft.
    await t.call('PUT', `${api}/outbound/status`, { token: admin, body: { id: second.docId, action: 'submit' } });
    const [third] = await t.db
      .select()
      .from(bpmInstance)
      .where(sql`${bpmInstance.businessKey} = ${String(second.docId)} and ${bpmInstance.status} = 'running'`);
    await t.call('DELETE', `${B}/process-instance/cancel`, { token: admin, query: { id: third.id, reason: 'wrong lot' } });
    expect((await t.call('GET', `${api}/outbound/detail/${second.docId}`, { token: admin })).body.data.status).toBe('draft');
    // A suspended bound definition refuses the submission, and the document stays a draft.
    await t.call('PUT', `${B}/model/update-state`, { token: admin, body: { id: two.definitionId, state: 'suspended' } });
    const refused = await t.call('PUT', `${api}/outbound/status`, { token: admin, body: { id: second.docId, action: 'submit' }, headers: en });
    expect(refused.body.errorCode).toBe('BPM_DEFINITION_SUSPENDED');
    expect((await t.call('GET', `${api}/outbound/detail/${second.docId}`, { token: admin })).body.data.status).toBe('draft');
    await t.call('PUT', `${B}/model/update-state`, { token: admin, body: { id: two.definitionId, state: 'active' } });
  });

  it('initProcess starts the bound process for a record; unknown types and a second running process are refused', async () => {
    const unknown = await t.call('POST', `${B}/common/initProcess`, { token: admin, body: { businessType: 'nope', businessKey: '1' }, headers: en });
    expect(unknown.body.errorCode).toBe('BPM_UNKNOWN_BUSINESS_TYPE');
    const lot = await newLot(5);
    const { docId } = await submitOutbound(lot.id, 1);
    const twice = await t.call('POST', `${B}/common/initProcess`, {
      token: admin,
      body: { businessType: 'germ_outbound', businessKey: String(docId) },
      headers: en,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.errorCode).toBe('BPM_BUSINESS_RUNNING');
  });
});

describe('demo data', () => {
  it("the submitted demo documents wait in the administrator's to-do; the reviewed ones have ended processes", async () => {
    const rows = (await t.call('GET', `${B}/task/todo-page`, { token: admin, query: { businessType: 'germ_scrap' } })).body.rows;
    expect(rows.length).toBeGreaterThanOrEqual(1);
    const ended = await t.db
      .select()
      .from(bpmInstance)
      .where(sql`${bpmInstance.businessType} = 'germ_inbound' and ${bpmInstance.status} in ('approved', 'rejected')`);
    expect(ended.map((i) => i.status).sort()).toEqual(['approved', 'rejected']);
  });
});

describe('leave requests (the reference business type)', () => {
  it('a short leave ends after the supervisor; a long one goes on to the head; the request follows its process', async () => {
    const bad = await t.call('POST', '/api/bpm/oa/leave/create', {
      token: breeder,
      body: { type: 'annual', startDate: '2026-12-05', endDate: '2026-12-01', reason: 'x' },
      headers: en,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'endDate' });
    const short = await t.call('POST', '/api/bpm/oa/leave/create', {
      token: breeder,
      body: { type: 'annual', startDate: '2026-12-01', endDate: '2026-12-02', reason: 'Rest' },
    });
    expect(short.body.data).toMatchObject({ days: 2, status: 'running' });
    const inst = short.body.data.processInstanceId;
    await decide('approve', (await openTask(admin, inst)).id, admin);
    expect((await t.call('GET', '/api/bpm/oa/leave/get', { token: breeder, query: { id: short.body.data.id } })).body.data.status).toBe('approved');
    const long = await t.call('POST', '/api/bpm/oa/leave/create', {
      token: breeder,
      body: { type: 'field', startDate: '2026-12-01', endDate: '2026-12-10', reason: 'Sanya' },
    });
    await decide('approve', (await openTask(admin, long.body.data.processInstanceId)).id, admin);
    expect((await instance(long.body.data.processInstanceId)).currentTasks).toEqual(['部门负责人审批']);
    await decide('reject', (await openTask(admin, long.body.data.processInstanceId)).id, admin, 'too long');
    await decide('reject', (await openTask(admin, long.body.data.processInstanceId)).id, admin, 'no');
    expect((await t.call('GET', '/api/bpm/oa/leave/get', { token: breeder, query: { id: long.body.data.id } })).body.data.status).toBe('rejected');
    // Only one's own requests.
    expect((await t.call('GET', '/api/bpm/oa/leave/get', { token: u1, query: { id: long.body.data.id } })).status).toBe(404);
    const page = await t.call('GET', '/api/bpm/oa/leave/page', { token: breeder, query: { status: 'rejected' } });
    expect(page.body.rows.map((r: { id: number }) => r.id)).toContain(long.body.data.id);
    // The demo's leave requests: one in each state.
    const all = (await t.call('GET', '/api/bpm/oa/leave/page', { token: breeder, query: { pageSize: 200 } })).body.rows as { reason: string; status: string }[];
    expect(
      all
        .filter((r) => /Annual leave|Field trip|Personal/.test(r.reason))
        .map((r) => r.status)
        .sort(),
    ).toEqual(['approved', 'rejected', 'running']);
  });
});

describe('tenancy', () => {
  it('another organisation sees none of these tasks or instances', async () => {
    const res = await t.call('GET', `${B}/task/todo-page`, { token: outsider });
    expect(res.body.rows.every((r: { instanceName: string }) => !r.instanceName.startsWith('exec_'))).toBe(true);
    await createOtherOrg(t.db, 'rival2', [{ username: 'rival2-admin', nickName: 'R2', role: 'admin', crops: { maize: 'operate' } }]);
    const r2 = await t.login('rival2-admin');
    expect((await t.call('GET', `${B}/model/page`, { token: r2 })).body.total).toBe(4);
  });
});
