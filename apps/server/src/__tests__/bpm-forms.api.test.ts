import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createUserWithMenus, type TestApp } from '../test/harness';
import { inventoryFixture } from '../modules/germ/testing';
import { sysOrg } from '../modules/system';

const B = '/api/bpm/bpm';
const PARTICIPANT = ['bpm.todo', 'bpm.task.update', 'bpm.done', 'bpm.my', 'bpm.instance.create', 'bpm.instance.cancel'];
const en = { 'accept-language': 'en' };
const L = (zh: string, e: string) => ({ 'zh-CN': zh, en: e });

function bpmn(id: string, body: string, startForm?: string) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bw="http://breedwise.dev/schema/bpmn" id="D_${id}" targetNamespace="http://breedwise.dev/bpmn">
  <bpmn:process id="${id}" name="${id}" isExecutable="true">
    <bpmn:startEvent id="start"${startForm ? ` bw:formKey="${startForm}"` : ''}/>
    ${body}
    <bpmn:endEvent id="end"/>
  </bpmn:process>
</bpmn:definitions>`;
}
const flow = (id: string, from: string, to: string, cond?: string) =>
  cond
    ? `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${cond}</bpmn:conditionExpression></bpmn:sequenceFlow>`
    : `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`;

/** Purchase form: amount decides the gateway; the reason is required only when urgent, and hidden otherwise. */
const purchaseSchema = {
  fields: [
    { name: 'title', label: L('标题', 'Title'), type: 'text', required: true, maxLength: 20 },
    { name: 'amount', label: L('金额', 'Amount'), type: 'number', required: true, min: 0 },
    {
      name: 'urgency',
      label: L('紧急程度', 'Urgency'),
      type: 'radio',
      required: true,
      options: [
        { value: 'normal', label: L('普通', 'Normal') },
        { value: 'urgent', label: L('紧急', 'Urgent') },
      ],
    },
    { name: 'why', label: L('紧急原因', 'Why urgent'), type: 'textarea', required: true, hidden: { all: [{ field: 'urgency', op: 'ne', value: 'urgent' }] } },
    { name: 'note', label: L('附注', 'Note'), type: 'text', required: { all: [{ field: 'amount', op: 'gt', value: 1000 }] } },
  ],
};
const opinionSchema = {
  fields: [
    {
      name: 'verdict',
      label: L('结论', 'Verdict'),
      type: 'select',
      required: true,
      options: [
        { value: 'ok', label: L('同意', 'Agree') },
        { value: 'hold', label: L('暂缓', 'Hold') },
      ],
    },
  ],
};

let t: TestApp, admin: string, breeder: string, u1: string, u2: string, u1Id: number, u2Id: number;

beforeAll(async () => {
  ({ t, admin, breeder } = await inventoryFixture());
  const [org] = await t.db.select().from(sysOrg).where(eq(sysOrg.code, 'demo'));
  u1Id = await createUserWithMenus(t.db, org.id, 'wff-u1', PARTICIPANT);
  u2Id = await createUserWithMenus(t.db, org.id, 'wff-u2', PARTICIPANT);
  u1 = await t.login('wff-u1');
  u2 = await t.login('wff-u2');
});
afterAll(() => t.close());

const createForm = (body: Record<string, unknown>, token = admin) => t.call('POST', `${B}/form/create`, { token, body, headers: en });
async function deploy(key: string, xml: string, users: Record<string, number[]> = {}) {
  const m = await t.call('POST', `${B}/model/create`, { token: admin, body: { key, name: key, bpmnXml: xml } });
  expect(m.status, JSON.stringify(m.body)).toBe(200);
  const d = await t.call('POST', `${B}/model/deploy`, { token: admin, body: { id: m.body.data.id }, headers: en });
  expect(d.status, JSON.stringify(d.body)).toBe(200);
  for (const [taskKey, options] of Object.entries(users)) {
    const r = await t.call('POST', `${B}/task-assign-rule/create`, { token: admin, body: { definitionId: d.body.data.id, taskKey, type: 'user', options } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  return { modelId: m.body.data.id as number, definitionId: d.body.data.id as number, definition: d.body.data };
}
const start = (definitionId: number, variables: Record<string, unknown>, token = breeder) =>
  t.call('POST', `${B}/process-instance/create`, { token, body: { definitionId, variables }, headers: en });
const todo = async (token: string) =>
  (await t.call('GET', `${B}/task/todo-page`, { token, query: { pageSize: 200 } })).body.rows as {
    id: number;
    instanceId: number;
    nodeId: string;
    form: { key: string } | null;
  }[];
const openTasks = async (token: string, instanceId: number) => (await todo(token)).filter((r) => r.instanceId === instanceId);
const decide = (action: 'approve' | 'reject', id: number, token: string, variables: Record<string, unknown> = {}, comment: string | null = 'ok') =>
  t.call('PUT', `${B}/task/${action}`, { token, body: { id, comment, variables }, headers: en });
const instance = async (id: number, token = breeder) => (await t.call('GET', `${B}/process-instance/get`, { token, query: { id } })).body.data;

describe('forms', () => {
  it('creates, pages, lists, updates and deletes a form; refuses a taken key', async () => {
    const c = await createForm({ key: 'crud-form', name: 'CRUD form', remark: null, schema: opinionSchema });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(c.body.data).toMatchObject({ key: 'crud-form', fieldCount: 1 });
    const dup = await createForm({ key: 'crud-form', name: 'Again', schema: opinionSchema });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ errorCode: 'BPM_FORM_KEY_EXISTS', msg: 'The form key crud-form already exists' });
    const page = await t.call('GET', `${B}/form/page`, { token: admin, query: { keyword: 'crud' } });
    expect(page.body.rows.map((r: { key: string }) => r.key)).toEqual(['crud-form']);
    const simple = await t.call('GET', `${B}/form/list-all-simple`, { token: admin });
    // The default forms of the seeded models are there too.
    expect(simple.body.data.map((r: { key: string }) => r.key)).toEqual(expect.arrayContaining(['crud-form', 'approval-opinion', 'purchase-request']));
    const up = await t.call('PUT', `${B}/form/update`, {
      token: admin,
      body: { id: c.body.data.id, key: 'crud-form', name: 'Renamed', schema: purchaseSchema },
    });
    expect(up.body.data).toMatchObject({ name: 'Renamed', fieldCount: 5 });
    expect((await t.call('GET', `${B}/form/get`, { token: admin, query: { id: c.body.data.id } })).body.data.schema.fields[4].name).toBe('note');
    expect((await t.call('DELETE', `${B}/form/delete`, { token: admin, query: { id: c.body.data.id } })).status).toBe(200);
    expect((await t.call('GET', `${B}/form/get`, { token: admin, query: { id: c.body.data.id } })).status).toBe(404);
    // A participant neither reads nor writes forms.
    expect((await t.call('GET', `${B}/form/page`, { token: u1 })).status).toBe(403);
  });

  it('refuses a schema with a doubled field name, a choice without options or a condition on an unknown field', async () => {
    const twice = await createForm({ key: 'bad1', name: 'Bad', schema: { fields: [opinionSchema.fields[0], opinionSchema.fields[0]] } });
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({ errorCode: 'BPM_FORM_FIELD_DUPLICATE', msg: 'The form field name verdict is used twice' });
    const noOptions = await createForm({ key: 'bad2', name: 'Bad', schema: { fields: [{ ...opinionSchema.fields[0], options: [] }] } });
    expect(noOptions.body).toMatchObject({ errorCode: 'BPM_FORM_FIELD_OPTIONS', msg: 'The field "Verdict" needs at least one option' });
    const ghost = await createForm({
      key: 'bad3',
      name: 'Bad',
      schema: { fields: [{ name: 'a', label: L('甲', 'A'), type: 'text', hidden: { all: [{ field: 'ghost', op: 'empty' }] } }] },
    });
    expect(ghost.body).toMatchObject({ errorCode: 'BPM_FORM_CONDITION_FIELD', msg: 'A condition of the field "A" refers to the unknown field ghost' });
    const badName = await createForm({ key: 'bad4', name: 'Bad', schema: { fields: [{ name: '1x', label: L('甲', 'A'), type: 'text' }] } });
    expect(badName.status).toBe(400);
    const empty = await createForm({ key: 'bad5', name: 'Bad', schema: { fields: [] } });
    expect(empty.status).toBe(400);
  });

  it('refuses to deploy a model naming a form that does not exist, and to delete a form a model names', async () => {
    const m = await t.call('POST', `${B}/model/create`, {
      token: admin,
      body: {
        key: 'ghost_form',
        name: 'Ghost',
        bpmnXml: bpmn('ghost_form', `<bpmn:userTask id="a" name="A"/>${flow('f1', 'start', 'a')}${flow('f2', 'a', 'end')}`, 'no-such-form'),
      },
    });
    const d = await t.call('POST', `${B}/model/deploy`, { token: admin, body: { id: m.body.data.id }, headers: en });
    expect(d.status).toBe(400);
    expect(d.body.errorCode).toBe('BPM_MODEL_NOT_EXECUTABLE');
    expect(d.body.msg).toContain('no-such-form');
    const f = await createForm({ key: 'named-form', name: 'Named', schema: opinionSchema });
    await t.call('POST', `${B}/model/create`, {
      token: admin,
      body: {
        key: 'names_form',
        name: 'Names it',
        bpmnXml: bpmn('names_form', `<bpmn:userTask id="a" name="A" bw:formKey="named-form"/>${flow('f1', 'start', 'a')}${flow('f2', 'a', 'end')}`),
      },
    });
    const del = await t.call('DELETE', `${B}/form/delete`, { token: admin, query: { id: f.body.data.id }, headers: en });
    expect(del.status).toBe(409);
    expect(del.body).toMatchObject({ errorCode: 'BPM_FORM_IN_USE', msg: 'The form Named is used by the process model Names it; it cannot be deleted' });
  });

  it('checks the start form (required, types, options, hidden and conditional rules) and the gateway decides on its values', async () => {
    await createForm({ key: 'purchase-t', name: 'Purchase', schema: purchaseSchema });
    await createForm({ key: 'opinion-t', name: 'Opinion', schema: opinionSchema });
    const { definitionId, definition } = await deploy(
      'form_purchase',
      bpmn(
        'form_purchase',
        `<bpmn:userTask id="manager" name="Manager" bw:formKey="opinion-t"/>
        <bpmn:exclusiveGateway id="gw" default="f_small"/>
        <bpmn:userTask id="finance" name="Finance"/>
        ${flow('f1', 'start', 'manager')}${flow('f2', 'manager', 'gw')}${flow('f_big', 'gw', 'finance', '${amount &gt; 5000 and verdict == "ok"}')}${flow('f_small', 'gw', 'end')}${flow('f3', 'finance', 'end')}`,
        'purchase-t',
      ),
      { manager: [u1Id], finance: [u2Id] },
    );
    expect(definition.startForm).toMatchObject({ key: 'purchase-t', name: 'Purchase' });
    expect(definition.userTasks[0]).toMatchObject({ key: 'manager', formKey: 'opinion-t' });

    const missing = await start(definitionId, { amount: 10 });
    expect(missing.status).toBe(400);
    expect(missing.body.errorCode).toBe('BPM_FORM_INVALID');
    expect(missing.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['title', 'urgency']);
    expect(missing.body.msg).toMatch(/^The form "Purchase" is not filled in correctly: /);
    expect(missing.body.msg).toContain('Title');
    const zh = await t.call('POST', `${B}/process-instance/create`, { token: breeder, body: { definitionId, variables: { amount: 10 } } });
    expect(zh.body.msg).toMatch(/^表单“Purchase”填写有误：/);
    expect(zh.body.msg).toContain('标题');

    const wrongType = await start(definitionId, { title: 'Pots', amount: 'lots', urgency: 'normal' });
    expect(wrongType.body.errors).toEqual([expect.objectContaining({ field: 'amount', rule: 'type' })]);
    const negative = await start(definitionId, { title: 'Pots', amount: -1, urgency: 'normal' });
    expect(negative.body.errors).toEqual([expect.objectContaining({ field: 'amount', rule: 'min' })]);
    const badOption = await start(definitionId, { title: 'Pots', amount: 1, urgency: 'tomorrow' });
    expect(badOption.body.errors).toEqual([expect.objectContaining({ field: 'urgency', rule: 'enum' })]);
    const tooLong = await start(definitionId, { title: 'x'.repeat(21), amount: 1, urgency: 'normal' });
    expect(tooLong.body.errors).toEqual([expect.objectContaining({ field: 'title', rule: 'maxLength' })]);
    // Urgent: the reason shows and is required; above 1000 the note is required.
    const urgent = await start(definitionId, { title: 'Pots', amount: 2000, urgency: 'urgent' });
    expect(urgent.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['note', 'why']);

    // Normal: the hidden reason is dropped even when sent; other variables pass through.
    const ok = await start(definitionId, { title: 'Pots', amount: 8000, urgency: 'normal', why: 'ignored', note: 'big', extra: 1 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.variables).toEqual({ title: 'Pots', amount: 8000, urgency: 'normal', note: 'big', extra: 1 });
    expect(ok.body.data.forms).toEqual([
      expect.objectContaining({
        taskId: null,
        form: expect.objectContaining({ key: 'purchase-t' }),
        values: { title: 'Pots', amount: 8000, urgency: 'normal', note: 'big' },
      }),
    ]);
    const instId = ok.body.data.id as number;

    // The manager's task carries its form; approving checks it (reject does not need it).
    const [task] = await openTasks(u1, instId);
    expect(task.form).toMatchObject({ key: 'opinion-t' });
    const noVerdict = await decide('approve', task.id, u1, {});
    expect(noVerdict.status).toBe(400);
    expect(noVerdict.body.errors).toEqual([expect.objectContaining({ field: 'verdict', rule: 'required' })]);
    const badVerdict = await decide('approve', task.id, u1, { verdict: 'maybe' });
    expect(badVerdict.body.errors).toEqual([expect.objectContaining({ field: 'verdict', rule: 'enum' })]);
    expect((await openTasks(u1, instId)).length).toBe(1);
    const approved = await decide('approve', task.id, u1, { verdict: 'ok' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    // amount > 5000 and verdict == "ok": the finance step.
    const [fin] = await openTasks(u2, instId);
    expect(fin.nodeId).toBe('finance');
    expect(fin.form).toBeNull();
    const detail = await instance(instId);
    expect(detail.forms.map((f: { taskId: number | null; step: string; values: unknown }) => [f.taskId === null ? 'start' : f.step, f.values])).toEqual([
      ['start', { title: 'Pots', amount: 8000, urgency: 'normal', note: 'big' }],
      ['Manager', { verdict: 'ok' }],
    ]);
    expect(detail.forms[1].by).toBeTruthy();

    // Small amount, verdict "hold": the gateway takes the default path and the process ends.
    const small = await start(definitionId, { title: 'Pens', amount: 20, urgency: 'normal' });
    const [t2] = await openTasks(u1, small.body.data.id);
    await decide('approve', t2.id, u1, { verdict: 'hold' });
    expect((await instance(small.body.data.id)).status).toBe('approved');

    // A reject needs no form values.
    const third = await start(definitionId, { title: 'Ink', amount: 3, urgency: 'normal' });
    const [t3] = await openTasks(u1, third.body.data.id);
    expect((await decide('reject', t3.id, u1, {}, 'no budget')).status).toBe(200);
    expect((await instance(third.body.data.id)).status).toBe('rejected');
  });

  it('keeps the form of the deployed version: a later change applies to versions deployed after it', async () => {
    const f = await createForm({
      key: 'versioned',
      name: 'Versioned',
      schema: { fields: [{ name: 'qty', label: L('数量', 'Quantity'), type: 'integer', required: true }] },
    });
    const xml = bpmn('form_versioned', `<bpmn:userTask id="a" name="A"/>${flow('f1', 'start', 'a')}${flow('f2', 'a', 'end')}`, 'versioned');
    const { modelId, definitionId: v1 } = await deploy('form_versioned', xml, { a: [u1Id] });
    await t.call('PUT', `${B}/form/update`, {
      token: admin,
      body: { id: f.body.data.id, key: 'versioned', name: 'Versioned', schema: { fields: [{ name: 'qty', label: L('数量', 'Quantity'), type: 'text' }] } },
    });
    expect((await start(v1, { qty: 'many' })).body.errors).toEqual([expect.objectContaining({ field: 'qty', rule: 'type' })]);
    const v2 = await t.call('POST', `${B}/model/deploy`, { token: admin, body: { id: modelId } });
    expect((await start(v2.body.data.id, { qty: 'many' })).status).toBe(200);
  });
});

describe('assignment rules on a new version', () => {
  it('copies the rules of the previous version for the user tasks the new one still has', async () => {
    const one = bpmn(
      'rules_copy',
      `<bpmn:userTask id="a" name="A"/><bpmn:userTask id="b" name="B"/>${flow('f1', 'start', 'a')}${flow('f2', 'a', 'b')}${flow('f3', 'b', 'end')}`,
    );
    const { modelId, definitionId: v1 } = await deploy('rules_copy', one, { a: [u1Id], b: [u2Id] });
    // Version 2 drops b and adds c.
    const two = bpmn(
      'rules_copy',
      `<bpmn:userTask id="a" name="A"/><bpmn:userTask id="c" name="C"/>${flow('f1', 'start', 'a')}${flow('f2', 'a', 'c')}${flow('f3', 'c', 'end')}`,
    );
    await t.call('PUT', `${B}/model/update`, { token: admin, body: { id: modelId, name: 'rules_copy', bpmnXml: two } });
    const v2 = await t.call('POST', `${B}/model/deploy`, { token: admin, body: { id: modelId } });
    const rules = (await t.call('GET', `${B}/task-assign-rule/list`, { token: admin, query: { definitionId: v2.body.data.id } })).body.data;
    expect(rules.map((r: { taskKey: string; type: string | null; options: number[] }) => [r.taskKey, r.type, r.options])).toEqual([
      ['a', 'user', [u1Id]],
      ['c', null, []],
    ]);
    // Changing the new version's rule leaves the old version's alone.
    const a2 = rules[0];
    await t.call('PUT', `${B}/task-assign-rule/update`, { token: admin, body: { id: a2.id, type: 'user', options: [u2Id] } });
    const old = (await t.call('GET', `${B}/task-assign-rule/list`, { token: admin, query: { definitionId: v1 } })).body.data;
    expect(old[0].options).toEqual([u1Id]);
    // A process of version 2 goes to the copied rule's user.
    const inst = await start(v2.body.data.id, {});
    expect((await openTasks(u2, inst.body.data.id)).map((x) => x.nodeId)).toEqual(['a']);
  });
});

describe('parallel gateway through the API', () => {
  it('opens both branches at once and goes on only when both are approved', async () => {
    const xml = bpmn(
      'parallel_api',
      `<bpmn:parallelGateway id="fork"/>
      <bpmn:userTask id="lab" name="Lab"/>
      <bpmn:userTask id="field" name="Field"/>
      <bpmn:parallelGateway id="join"/>
      <bpmn:userTask id="head" name="Head"/>
      ${flow('f1', 'start', 'fork')}${flow('f2', 'fork', 'lab')}${flow('f3', 'fork', 'field')}${flow('f4', 'lab', 'join')}${flow('f5', 'field', 'join')}${flow('f6', 'join', 'head')}${flow('f7', 'head', 'end')}`,
    );
    const { definitionId } = await deploy('parallel_api', xml, { lab: [u1Id], field: [u2Id], head: [u1Id] });
    const inst = await start(definitionId, {});
    expect(inst.status, JSON.stringify(inst.body)).toBe(200);
    const id = inst.body.data.id as number;
    expect([...inst.body.data.currentTasks].sort()).toEqual(['Field', 'Lab']);
    const [lab] = await openTasks(u1, id);
    const [field] = await openTasks(u2, id);
    expect([lab.nodeId, field.nodeId]).toEqual(['lab', 'field']);
    await decide('approve', lab.id, u1);
    // The join waits for the field branch: no head task yet.
    expect((await openTasks(u1, id)).length).toBe(0);
    expect((await instance(id)).currentTasks).toEqual(['Field']);
    expect((await instance(id)).nodeStatus).toMatchObject({ lab: 'finished', field: 'active', join: 'active', head: 'untouched' });
    await decide('approve', field.id, u2);
    const [head] = await openTasks(u1, id);
    expect(head.nodeId).toBe('head');
    await decide('approve', head.id, u1);
    const done = await instance(id);
    expect(done.status).toBe('approved');
    expect(done.tasks.map((x: { nodeId: string; status: string }) => `${x.nodeId}:${x.status}`)).toEqual(['lab:approved', 'field:approved', 'head:approved']);
  });

  it('a reject in one branch ends the process and closes the other branch', async () => {
    const xml = bpmn(
      'parallel_reject',
      `<bpmn:parallelGateway id="fork"/><bpmn:userTask id="lab" name="Lab"/><bpmn:userTask id="field" name="Field"/><bpmn:parallelGateway id="join"/>
      ${flow('f1', 'start', 'fork')}${flow('f2', 'fork', 'lab')}${flow('f3', 'fork', 'field')}${flow('f4', 'lab', 'join')}${flow('f5', 'field', 'join')}${flow('f6', 'join', 'end')}`,
    );
    const { definitionId } = await deploy('parallel_reject', xml, { lab: [u1Id], field: [u2Id] });
    const id = (await start(definitionId, {})).body.data.id as number;
    const [lab] = await openTasks(u1, id);
    await decide('reject', lab.id, u1, {}, 'contaminated');
    const done = await instance(id);
    expect(done.status).toBe('rejected');
    expect(done.tasks.find((x: { nodeId: string }) => x.nodeId === 'field').status).toBe('closed');
    expect(await openTasks(u2, id)).toEqual([]);
  });
});

describe('hand-over', () => {
  it('hands an open task to another user: it leaves the to-do list of the first and the second decides it', async () => {
    const { definitionId } = await deploy(
      'handover',
      bpmn('handover', `<bpmn:userTask id="a" name="A"/>${flow('f1', 'start', 'a')}${flow('f2', 'a', 'end')}`),
      { a: [u1Id] },
    );
    const id = (await start(definitionId, {})).body.data.id as number;
    const [task] = await openTasks(u1, id);
    // Someone else cannot hand it over.
    const foreign = await t.call('PUT', `${B}/task/update-assignee`, { token: u2, body: { id: task.id, assigneeUserId: u2Id }, headers: en });
    expect(foreign.status).toBe(403);
    expect(foreign.body.errorCode).toBe('BPM_TASK_NOT_YOURS');
    const moved = await t.call('PUT', `${B}/task/update-assignee`, { token: u1, body: { id: task.id, assigneeUserId: u2Id } });
    expect(moved.body.data).toMatchObject({ assigneeUserId: u2Id });
    expect(await openTasks(u1, id)).toEqual([]);
    expect((await openTasks(u2, id)).map((x) => x.id)).toEqual([task.id]);
    expect((await decide('approve', task.id, u1)).status).toBe(403);
    expect((await decide('approve', task.id, u2)).status).toBe(200);
  });
});
