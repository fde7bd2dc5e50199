import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createOtherOrg, createTestApp, createUserWithMenus, userId, type TestApp } from '../test/harness';
import { sysOrg, sysUser } from '../modules/system';

const B = '/api/bpm/bpm';
const PARTICIPANT = ['bpm.todo', 'bpm.task.update', 'bpm.done', 'bpm.my', 'bpm.instance.create', 'bpm.instance.cancel'];
const en = { 'accept-language': 'en' };

const oneStep = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D_leader" targetNamespace="http://breedwise.dev/bpmn">
  <bpmn:process id="leader_approval" name="Leader approval" isExecutable="true">
    <bpmn:startEvent id="start"/>
    <bpmn:userTask id="leader" name="Department leader"/>
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="leader"/>
    <bpmn:sequenceFlow id="f2" sourceRef="leader" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

let t: TestApp, admin: string, starter: string, boss: string, chief: string;
let bossId: number, chiefId: number, starterId: number, definitionId: number, orgId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  [{ id: orgId }] = await t.db.select().from(sysOrg).where(eq(sysOrg.code, 'demo'));
  starterId = await createUserWithMenus(t.db, orgId, 'dl-starter', PARTICIPANT);
  bossId = await createUserWithMenus(t.db, orgId, 'dl-boss', PARTICIPANT);
  chiefId = await createUserWithMenus(t.db, orgId, 'dl-chief', PARTICIPANT);
  starter = await t.login('dl-starter');
  boss = await t.login('dl-boss');
  chief = await t.login('dl-chief');
  const m = await t.call('POST', `${B}/model/create`, { token: admin, body: { key: 'leader_approval', name: 'Leader approval', bpmnXml: oneStep } });
  expect(m.status, JSON.stringify(m.body)).toBe(200);
  const d = await t.call('POST', `${B}/model/deploy`, { token: admin, body: { id: m.body.data.id } });
  expect(d.status, JSON.stringify(d.body)).toBe(200);
  definitionId = d.body.data.id;
  const r = await t.call('POST', `${B}/task-assign-rule/create`, { token: admin, body: { definitionId, taskKey: 'leader', type: 'deptLeader', options: [5] } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
});
afterAll(() => t.close());

const todo = async (token: string) =>
  (await t.call('GET', `${B}/task/todo-page`, { token, query: { pageSize: 200 } })).body.rows as { id: number; instanceId: number }[];
const start = () => t.call('POST', `${B}/process-instance/create`, { token: starter, body: { definitionId, variables: {} }, headers: en });

describe('department leader of the starter', () => {
  it('stores a rule of type deptLeader without options', async () => {
    const rules = await t.call('GET', `${B}/task-assign-rule/list`, { token: admin, query: { definitionId } });
    expect(rules.status, JSON.stringify(rules.body)).toBe(200);
    expect(rules.body.data.find((x: { taskKey: string }) => x.taskKey === 'leader')).toMatchObject({ type: 'deptLeader', options: [] });
  });

  it('sets, shows and refuses department leaders', async () => {
    const parent = await t.call('POST', '/api/system/dept/create', { token: admin, body: { name: 'DL Breeding', leaderUserId: chiefId } });
    expect(parent.status, JSON.stringify(parent.body)).toBe(200);
    expect(parent.body.data).toMatchObject({ leaderUserId: chiefId, leaderName: expect.any(String) });
    const child = await t.call('POST', '/api/system/dept/create', { token: admin, body: { name: 'DL Maize team', parentId: parent.body.data.id } });
    expect(child.body.data).toMatchObject({ leaderUserId: null, leaderName: null });
    await t.db.update(sysUser).set({ deptId: child.body.data.id }).where(eq(sysUser.id, starterId));

    // A leader from another organisation is refused, naming the rule.
    await createOtherOrg(t.db, 'dl-rival', [{ username: 'dl-rival-admin', nickName: 'Rival', role: 'admin', crops: {} }]);
    const rivalId = await userId(t.db, 'dl-rival-admin');
    const bad = await t.call('PUT', '/api/system/dept/update', {
      token: admin,
      body: { id: child.body.data.id, parentId: parent.body.data.id, name: 'DL Maize team', sort: 0, status: 'enabled', leaderUserId: rivalId },
      headers: en,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('SYS_DEPT_LEADER_NOT_MEMBER');
    expect(bad.body.msg).toMatch(/leader must be a member/);

    // Without a leader of its own, the starter's department goes up to its parent's leader.
    const first = await start();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const chiefTask = (await todo(chief)).find((r) => r.instanceId === first.body.data.id);
    expect(chiefTask).toBeDefined();
    expect((await todo(boss)).some((r) => r.instanceId === first.body.data.id)).toBe(false);

    // Once the team has its own leader, new instances go to them.
    const ok = await t.call('PUT', '/api/system/dept/update', {
      token: admin,
      body: { id: child.body.data.id, parentId: parent.body.data.id, name: 'DL Maize team', sort: 0, status: 'enabled', leaderUserId: bossId },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const tree = await t.call('GET', '/api/system/dept/tree', { token: admin });
    const node = tree.body.data.flatMap((d: { children: unknown[] }) => [d, ...d.children]).find((d: { id: number }) => d.id === child.body.data.id);
    expect(node).toMatchObject({ leaderUserId: bossId });
    const second = await start();
    const bossTask = (await todo(boss)).find((r) => r.instanceId === second.body.data.id)!;
    expect(bossTask).toBeDefined();
    expect((await todo(chief)).some((r) => r.instanceId === second.body.data.id)).toBe(false);
    const done = await t.call('PUT', `${B}/task/approve`, { token: boss, body: { id: bossTask.id, comment: 'ok', variables: {} } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const inst = await t.call('GET', `${B}/process-instance/get`, { token: starter, query: { id: second.body.data.id } });
    expect(inst.body.data.status).toBe('approved');
  });

  it('refuses to start when the starter has no department leader', async () => {
    await t.db.update(sysUser).set({ deptId: null }).where(eq(sysUser.id, starterId));
    const res = await start();
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe('BPM_NO_CANDIDATES');
  });
});
