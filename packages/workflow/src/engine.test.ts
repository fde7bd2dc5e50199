import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cancelInstance,
  completeService,
  completeTask,
  fireTimer,
  nodeStatus,
  openTasks,
  parseBpmn,
  retryService,
  startInstance,
  type Effect,
  type InstanceState,
  type ProcessModel,
} from './index';
import { bpmn, chain, errorOf, flow, T0 } from './test-helpers';

const sample = (name: string) => parseBpmn(readFileSync(path.join(import.meta.dirname, '..', 'models', name), 'utf8')).model;
const model = (body: string) => parseBpmn(bpmn(body)).model;
const keys = (state: InstanceState) => Object.keys(state.tasks);
const only = (effects: Effect[], ...types: Effect['type'][]) => effects.filter((e) => types.includes(e.type));
const later = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object') {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

/** Applies a step the way the server will: the stored state goes through JSON, and is never mutated. */
function step(apply: (s: InstanceState) => { state: InstanceState; effects: Effect[] }, state: InstanceState) {
  const loaded = deepFreeze(JSON.parse(JSON.stringify(state)) as InstanceState);
  const r = apply(loaded);
  expect(JSON.parse(JSON.stringify(r.state))).toEqual(r.state);
  expect(r.state.version).toBe(state.version + 1);
  return r;
}

describe('single approvals', () => {
  const m = sample('one-step-approval.bpmn');

  it('approve: the instance ends approved, with the timeline effects', () => {
    const s = startInstance(m, { variables: { title: 'x' }, now: T0 });
    expect(s.effects).toEqual([
      { type: 'nodeEntered', nodeId: 'start' },
      { type: 'nodeLeft', nodeId: 'start', reason: 'completed' },
      { type: 'nodeEntered', nodeId: 'approve' },
      { type: 'createTask', taskKey: 'approve#2', nodeId: 'approve', name: '审批', formKey: 'approval-opinion' },
    ]);
    expect(s.state).toMatchObject({ version: 1, status: 'running', tokens: [{ nodeId: 'approve' }], startedAt: T0, updatedAt: T0 });
    expect(nodeStatus(m, s.state)).toEqual({
      start: 'finished',
      approve: 'active',
      end: 'untouched',
      flow_start_approve: 'finished',
      flow_approve_end: 'untouched',
    });
    const r = step((st) => completeTask(m, st, { taskKey: 'approve#2', outcome: 'approve', variables: { comment: 'ok' }, now: later(5) }), s.state);
    expect(r.effects).toEqual([
      { type: 'nodeLeft', nodeId: 'approve', reason: 'completed' },
      { type: 'nodeEntered', nodeId: 'end' },
      { type: 'nodeLeft', nodeId: 'end', reason: 'completed' },
      { type: 'ended', outcome: 'approved' },
    ]);
    expect(r.state).toMatchObject({ status: 'ended', outcome: 'approved', tokens: [], tasks: {}, endedAt: later(5), variables: { title: 'x', comment: 'ok' } });
    expect(Object.values(nodeStatus(m, r.state)).every((v) => v === 'finished')).toBe(true);
  });

  it('reject without a reject target ends the instance rejected', () => {
    const s = startInstance(m, { now: T0 });
    const r = step((st) => completeTask(m, st, { taskKey: 'approve#2', outcome: 'reject', now: T0 }), s.state);
    expect(r.effects).toEqual([
      { type: 'nodeLeft', nodeId: 'approve', reason: 'rejected' },
      { type: 'ended', outcome: 'rejected' },
    ]);
    expect(r.state).toMatchObject({ status: 'ended', outcome: 'rejected', tokens: [] });
  });

  it('refuses tasks that are not open, ended instances, stale versions and bad input', () => {
    const s = startInstance(m, { now: T0 }).state;
    expect(errorOf(() => completeTask(m, s, { taskKey: 'nope', outcome: 'approve', now: T0 }))).toEqual({
      code: 'WF_TASK_NOT_ACTIVE',
      params: { taskKey: 'nope' },
    });
    expect(errorOf(() => completeTask(m, s, { taskKey: '__proto__', outcome: 'approve', now: T0 })).code).toBe('WF_TASK_NOT_ACTIVE');
    expect(errorOf(() => completeTask(m, s, { taskKey: 'toString', outcome: 'approve', now: T0 })).code).toBe('WF_TASK_NOT_ACTIVE');
    expect(errorOf(() => completeTask(m, s, { taskKey: 'approve#2', instanceIndex: 1, outcome: 'approve', now: T0 })).code).toBe('WF_TASK_NOT_ACTIVE');
    expect(errorOf(() => completeTask(m, s, { taskKey: 'approve#2', outcome: 'maybe' as any, now: T0 }))).toEqual({
      code: 'WF_BAD_OUTCOME',
      params: { outcome: 'maybe' },
    });
    expect(errorOf(() => completeTask(m, s, { taskKey: 'approve#2', outcome: 'approve', now: 'yesterday' })).code).toBe('WF_BAD_TIME');
    expect(errorOf(() => completeTask(m, s, { taskKey: 'approve#2', outcome: 'approve', expectedVersion: 7, now: T0 }))).toEqual({
      code: 'WF_VERSION_CONFLICT',
      params: { expected: 7, actual: 1 },
    });
    for (const variables of [{ f: () => 1 }, { n: NaN }, { d: new Date() }, JSON.parse('{"__proto__": {"x": 1}}'), { a: { constructor: 1 } }])
      expect(errorOf(() => completeTask(m, s, { taskKey: 'approve#2', outcome: 'approve', variables, now: T0 })).code).toBe('WF_BAD_VARIABLES');
    expect(errorOf(() => completeTask(m, { ...s, processId: 'other' }, { taskKey: 'approve#2', outcome: 'approve', now: T0 })).code).toBe('WF_BAD_STATE');
    const done = completeTask(m, s, { taskKey: 'approve#2', outcome: 'approve', expectedVersion: 1, now: T0 }).state;
    expect(errorOf(() => completeTask(m, done, { taskKey: 'approve#2', outcome: 'approve', now: T0 })).code).toBe('WF_INSTANCE_ENDED');
    expect(errorOf(() => cancelInstance(m, done, { reason: 'x', now: T0 })).code).toBe('WF_INSTANCE_ENDED');
  });

  it('lets exactly one of 50 concurrent approvals through a version-checked store (the others are already handled)', () => {
    // The server locks the row (or compares versions on save); here a compare-and-set on `version`.
    let stored = JSON.stringify(startInstance(m, { now: T0 }).state);
    const save = (expected: number, next: InstanceState) => {
      if ((JSON.parse(stored) as InstanceState).version !== expected) return false;
      stored = JSON.stringify(next);
      return true;
    };
    const loaded = Array.from({ length: 50 }, () => JSON.parse(stored) as InstanceState);
    const outcomes = loaded.map((st) => {
      const r = completeTask(m, st, { taskKey: 'approve#2', outcome: 'approve', expectedVersion: st.version, now: T0 });
      if (save(st.version, r.state)) return 'applied';
      // Lost the race: reload and try again, as the API does once.
      const fresh = JSON.parse(stored) as InstanceState;
      return errorOf(() => completeTask(m, fresh, { taskKey: 'approve#2', outcome: 'approve', expectedVersion: fresh.version, now: T0 })).code;
    });
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(new Set(outcomes.filter((o) => o !== 'applied'))).toEqual(new Set(['WF_INSTANCE_ENDED']));
    expect(JSON.parse(stored)).toMatchObject({ version: 2, status: 'ended', outcome: 'approved' });
  });

  it('is deterministic: the same inputs give the same outputs', () => {
    const a = startInstance(m, { variables: { x: 1 }, now: T0 });
    const b = startInstance(m, { variables: { x: 1 }, now: T0 });
    expect(a).toEqual(b);
    expect(completeTask(m, a.state, { taskKey: 'approve#2', outcome: 'approve', now: T0 })).toEqual(
      completeTask(m, b.state, { taskKey: 'approve#2', outcome: 'approve', now: T0 }),
    );
  });
});

describe('exclusive gateways', () => {
  const m = sample('two-step-amount.bpmn');
  const run = (variables: Record<string, unknown>) => {
    const s = startInstance(m, { variables, now: T0 });
    return completeTask(m, s.state, { taskKey: keys(s.state)[0], outcome: 'approve', now: T0 });
  };

  it('takes the flow whose condition holds, else the default', () => {
    const large = run({ amount: 6000 });
    expect(only(large.effects, 'createTask')).toMatchObject([{ nodeId: 'finance' }]);
    expect(large.state.takenFlows).toContain('flow_large');
    const small = run({ amount: 5000 });
    expect(small.state).toMatchObject({ status: 'ended', outcome: 'approved', takenFlows: expect.arrayContaining(['flow_small']) });
  });

  it('uses the variables the completing task submits', () => {
    const s = startInstance(m, { variables: { amount: 1 }, now: T0 });
    const r = completeTask(m, s.state, { taskKey: keys(s.state)[0], outcome: 'approve', variables: { amount: 9000 }, now: T0 });
    expect(only(r.effects, 'createTask')).toMatchObject([{ nodeId: 'finance' }]);
  });

  it('fails the step with WF_CONDITION_FAILED when a condition cannot be evaluated, leaving the state untouched', () => {
    const s = startInstance(m, { variables: {}, now: T0 });
    const frozen = deepFreeze(s.state);
    expect(errorOf(() => completeTask(m, frozen, { taskKey: keys(frozen)[0], outcome: 'approve', now: T0 }))).toMatchObject({
      code: 'WF_CONDITION_FAILED',
      params: { nodeId: 'amount_check', flowId: 'flow_large', exprCode: 'EXPR_UNKNOWN_VARIABLE' },
    });
    expect(errorOf(() => run({ amount: 'lots' }))).toMatchObject({ code: 'WF_CONDITION_FAILED', params: { exprCode: 'EXPR_TYPE' } });
  });

  const xor = model(`
    <bpmn:startEvent id="s"/><bpmn:exclusiveGateway id="x"/><bpmn:userTask id="a"/><bpmn:userTask id="b"/><bpmn:endEvent id="e"/>
    ${flow('f0', 's', 'x')}${flow('fa', 'x', 'a', 'n &gt; 1')}${flow('fb', 'x', 'b', 'n &gt; 0')}${chain('a', 'e')}${chain('b', 'e')}`);

  it('evaluates conditions in document order (the first true wins) and refuses when none holds without a default', () => {
    expect(only(startInstance(xor, { variables: { n: 5 }, now: T0 }).effects, 'createTask')).toMatchObject([{ nodeId: 'a' }]);
    expect(only(startInstance(xor, { variables: { n: 1 }, now: T0 }).effects, 'createTask')).toMatchObject([{ nodeId: 'b' }]);
    expect(errorOf(() => startInstance(xor, { variables: { n: 0 }, now: T0 }))).toEqual({ code: 'WF_NO_PATH', params: { nodeId: 'x' } });
  });

  it('refuses a condition that is not a boolean', () => {
    const m2 = model(
      `<bpmn:startEvent id="s"/><bpmn:exclusiveGateway id="x" default="f2"/><bpmn:endEvent id="e"/>${flow('f0', 's', 'x')}${flow('f1', 'x', 'e', 'n + 1')}${flow('f2', 'x', 'e')}`,
    );
    expect(errorOf(() => startInstance(m2, { variables: { n: 1 }, now: T0 }))).toMatchObject({
      code: 'WF_CONDITION_FAILED',
      params: { flowId: 'f1', exprCode: 'EXPR_TYPE' },
    });
  });

  it('stops a loop without any wait state', () => {
    const loop = model(`<bpmn:startEvent id="s"/><bpmn:exclusiveGateway id="x" default="fe"/><bpmn:exclusiveGateway id="y"/><bpmn:endEvent id="e"/>
      ${flow('f0', 's', 'x')}${flow('fy', 'x', 'y', 'true')}${flow('fe', 'x', 'e')}${flow('fx', 'y', 'x')}`);
    expect(errorOf(() => startInstance(loop, { now: T0 }))).toMatchObject({ code: 'WF_STEP_LIMIT' });
  });
});

describe('reject targets', () => {
  const m = sample('leave-request.bpmn');

  it('sends the token back to the target; the old task key is no longer active', () => {
    const s = startInstance(m, { variables: { days: 5 }, now: T0 });
    const a = completeTask(m, s.state, { taskKey: 'supervisor#2', outcome: 'approve', now: T0 });
    expect(keys(a.state)).toEqual(['head#4']);
    const r = completeTask(m, a.state, { taskKey: 'head#4', outcome: 'reject', now: T0 });
    expect(r.effects).toEqual([
      { type: 'nodeLeft', nodeId: 'head', reason: 'rejected' },
      { type: 'nodeEntered', nodeId: 'supervisor' },
      { type: 'createTask', taskKey: 'supervisor#6', nodeId: 'supervisor', name: '直属主管审批', formKey: 'approval-opinion' },
    ]);
    expect(r.state.tokens).toEqual([{ id: 't#5', nodeId: 'supervisor' }]);
    expect(errorOf(() => completeTask(m, r.state, { taskKey: 'head#4', outcome: 'approve', now: T0 })).code).toBe('WF_TASK_NOT_ACTIVE');
    // Second round: fewer days, so the head is skipped.
    const done = completeTask(m, r.state, { taskKey: 'supervisor#6', outcome: 'approve', variables: { days: 2 }, now: T0 });
    expect(done.state).toMatchObject({ status: 'ended', outcome: 'approved' });
  });

  // s -> a -> fork -> [b -> c] [d] -> join -> e
  const par = (cTarget: string) =>
    model(`<bpmn:startEvent id="s"/><bpmn:userTask id="a"/><bpmn:parallelGateway id="fork"/><bpmn:userTask id="b"/><bpmn:userTask id="c" bw:rejectTarget="${cTarget}"/>
      <bpmn:userTask id="d"/><bpmn:parallelGateway id="join"/><bpmn:endEvent id="e"/>
      ${chain('s', 'a', 'fork')}${chain('fork', 'b', 'c', 'join')}${chain('fork', 'd', 'join')}${chain('join', 'e')}`);
  const open = (st: InstanceState) =>
    Object.values(st.tasks)
      .map((t) => t.nodeId)
      .sort();
  const key = (st: InstanceState, nodeId: string) => Object.values(st.tasks).find((t) => t.nodeId === nodeId)!.taskKey;

  it('inside a parallel branch: only that branch goes back; the other branch and its join arrival stay', () => {
    const m2 = par('b');
    let st = startInstance(m2, { now: T0 }).state;
    st = completeTask(m2, st, { taskKey: key(st, 'a'), outcome: 'approve', now: T0 }).state;
    expect(open(st)).toEqual(['b', 'd']);
    st = completeTask(m2, st, { taskKey: key(st, 'd'), outcome: 'approve', now: T0 }).state;
    expect(st.tokens.map((t) => t.nodeId).sort()).toEqual(['b', 'join']);
    st = completeTask(m2, st, { taskKey: key(st, 'b'), outcome: 'approve', now: T0 }).state;
    const r = completeTask(m2, st, { taskKey: key(st, 'c'), outcome: 'reject', now: T0 });
    expect(only(r.effects, 'closeTasks')).toEqual([]);
    expect(r.state.tokens.map((t) => t.nodeId).sort()).toEqual(['b', 'join']);
    st = completeTask(m2, r.state, { taskKey: key(r.state, 'b'), outcome: 'approve', now: T0 }).state;
    st = completeTask(m2, st, { taskKey: key(st, 'c'), outcome: 'approve', now: T0 }).state;
    expect(st).toMatchObject({ status: 'ended', outcome: 'approved', tokens: [] });
  });

  it('to a task before the fork: every branch is cleared (open tasks closed, join arrivals dropped)', () => {
    const m2 = par('a');
    let st = startInstance(m2, { now: T0 }).state;
    st = completeTask(m2, st, { taskKey: key(st, 'a'), outcome: 'approve', now: T0 }).state;
    st = completeTask(m2, st, { taskKey: key(st, 'b'), outcome: 'approve', now: T0 }).state;
    const dKey = key(st, 'd');
    const r = completeTask(m2, st, { taskKey: key(st, 'c'), outcome: 'reject', now: T0 });
    expect(only(r.effects, 'closeTasks', 'createTask', 'nodeLeft')).toEqual([
      { type: 'nodeLeft', nodeId: 'c', reason: 'rejected' },
      { type: 'closeTasks', taskKeys: [dKey], reason: 'rejected' },
      { type: 'nodeLeft', nodeId: 'd', reason: 'cleared' },
      { type: 'createTask', taskKey: expect.stringMatching(/^a#/), nodeId: 'a', name: '', formKey: null },
    ]);
    expect(r.state.tokens.map((t) => t.nodeId)).toEqual(['a']);
    // With d done first, its arrival at the join is dropped too.
    st = completeTask(m2, r.state, { taskKey: key(r.state, 'a'), outcome: 'approve', now: T0 }).state;
    st = completeTask(m2, st, { taskKey: key(st, 'd'), outcome: 'approve', now: T0 }).state;
    st = completeTask(m2, st, { taskKey: key(st, 'b'), outcome: 'approve', now: T0 }).state;
    const r2 = completeTask(m2, st, { taskKey: key(st, 'c'), outcome: 'reject', now: T0 });
    expect(r2.state.tokens.map((t) => t.nodeId)).toEqual(['a']);
  });
});

describe('parallel gateways', () => {
  const m = model(`<bpmn:startEvent id="s"/><bpmn:parallelGateway id="fork"/><bpmn:userTask id="a"/><bpmn:userTask id="b"/><bpmn:userTask id="c"/>
    <bpmn:parallelGateway id="join"/><bpmn:endEvent id="e"/>
    ${chain('s', 'fork')}${chain('fork', 'a', 'join')}${chain('fork', 'b', 'join')}${chain('fork', 'c', 'join')}${chain('join', 'e')}`);

  it('forks one task per branch and the join waits for every incoming flow', () => {
    const s = startInstance(m, { now: T0 });
    expect(only(s.effects, 'createTask').map((e) => (e as any).nodeId)).toEqual(['a', 'b', 'c']);
    let st = s.state;
    for (const [i, nodeId] of ['b', 'c', 'a'].entries()) {
      const k = Object.values(st.tasks).find((t) => t.nodeId === nodeId)!.taskKey;
      const r = completeTask(m, st, { taskKey: k, outcome: 'approve', now: T0 });
      st = r.state;
      if (i < 2) {
        expect(st.status).toBe('running');
        expect(st.tokens.filter((t) => t.nodeId === 'join')).toHaveLength(i + 1);
        expect(nodeStatus(m, st).join).toBe('active');
      } else expect(only(r.effects, 'ended')).toEqual([{ type: 'ended', outcome: 'approved' }]);
    }
    expect(st.tokens).toEqual([]);
  });

  it('a terminate end clears the other branches', () => {
    const t = model(`<bpmn:startEvent id="s"/><bpmn:parallelGateway id="fork"/><bpmn:userTask id="a"/><bpmn:userTask id="b"/>
      <bpmn:endEvent id="stop" bw:outcome="rejected"><bpmn:terminateEventDefinition/></bpmn:endEvent><bpmn:endEvent id="e"/>
      ${chain('s', 'fork')}${chain('fork', 'a', 'stop')}${chain('fork', 'b', 'e')}`);
    const s = startInstance(t, { now: T0 });
    const r = completeTask(t, s.state, { taskKey: keys(s.state)[0], outcome: 'approve', now: T0 });
    expect(only(r.effects, 'closeTasks', 'ended')).toEqual([
      { type: 'closeTasks', taskKeys: [keys(s.state)[1]], reason: 'terminated' },
      { type: 'ended', outcome: 'rejected' },
    ]);
    expect(r.state.tokens).toEqual([]);
  });
});

describe('countersign (multi-instance user tasks)', () => {
  const mi = (mode: 'all' | 'any', sequential: boolean, count = '3') =>
    model(`<bpmn:startEvent id="s"/><bpmn:userTask id="review" name="Review" bw:countersign="${mode}" bw:formKey="f">
      <bpmn:multiInstanceLoopCharacteristics isSequential="${sequential}"><bpmn:loopCardinality>${count}</bpmn:loopCardinality></bpmn:multiInstanceLoopCharacteristics>
      </bpmn:userTask><bpmn:userTask id="next"/><bpmn:endEvent id="e"/>${chain('s', 'review', 'next', 'e')}`);
  const decide = (m: ProcessModel, st: InstanceState, index: number, outcome: 'approve' | 'reject') =>
    step((x) => completeTask(m, x, { taskKey: 'review#2', instanceIndex: index, outcome, now: T0 }), st);

  it('all, parallel: every instance must approve', () => {
    const m = mi('all', false);
    const s = startInstance(m, { now: T0 });
    expect(only(s.effects, 'createTask')).toEqual(
      [0, 1, 2].map((index) => ({
        type: 'createTask',
        taskKey: 'review#2',
        nodeId: 'review',
        name: 'Review',
        formKey: 'f',
        multi: { index, total: 3, mode: 'all', sequential: false },
      })),
    );
    let r = decide(m, s.state, 2, 'approve');
    expect(r.effects).toEqual([]);
    expect(openTasks(r.state)).toEqual([0, 1].map((index) => ({ taskKey: 'review#2', nodeId: 'review', index })));
    expect(errorOf(() => decide(m, r.state, 2, 'approve')).code).toBe('WF_TASK_NOT_ACTIVE');
    r = decide(m, r.state, 0, 'approve');
    expect(r.effects).toEqual([]);
    r = decide(m, r.state, 1, 'approve');
    expect(only(r.effects, 'createTask')).toMatchObject([{ nodeId: 'next' }]);
    expect(only(r.effects, 'closeTasks')).toEqual([]);
  });

  it('all, parallel: the first reject decides and closes the others', () => {
    const m = mi('all', false);
    let r = decide(m, startInstance(m, { now: T0 }).state, 0, 'approve');
    r = decide(m, r.state, 1, 'reject');
    expect(r.effects).toEqual([
      { type: 'closeTasks', taskKeys: ['review#2'], reason: 'countersignDecided' },
      { type: 'nodeLeft', nodeId: 'review', reason: 'rejected' },
      { type: 'ended', outcome: 'rejected' },
    ]);
  });

  it('any, parallel: the first decision decides, approve or reject', () => {
    const m = mi('any', false);
    const a = decide(m, startInstance(m, { now: T0 }).state, 1, 'approve');
    expect(only(a.effects, 'closeTasks', 'createTask')).toMatchObject([
      { type: 'closeTasks', taskKeys: ['review#2'], reason: 'countersignDecided' },
      { type: 'createTask', nodeId: 'next' },
    ]);
    expect(a.state.tasks['review#2']).toBeUndefined();
    const b = decide(m, startInstance(m, { now: T0 }).state, 2, 'reject');
    expect(only(b.effects, 'closeTasks', 'ended')).toEqual([
      { type: 'closeTasks', taskKeys: ['review#2'], reason: 'countersignDecided' },
      { type: 'ended', outcome: 'rejected' },
    ]);
  });

  it('all, sequential: one instance at a time, in order', () => {
    const m = mi('all', true, '2');
    const s = startInstance(m, { now: T0 });
    expect(only(s.effects, 'createTask')).toMatchObject([{ multi: { index: 0, total: 2, sequential: true } }]);
    expect(errorOf(() => decide(m, s.state, 1, 'approve')).code).toBe('WF_TASK_NOT_ACTIVE');
    let r = decide(m, s.state, 0, 'approve');
    expect(r.effects).toEqual([
      { type: 'createTask', taskKey: 'review#2', nodeId: 'review', name: 'Review', formKey: 'f', multi: { index: 1, total: 2, mode: 'all', sequential: true } },
    ]);
    r = decide(m, r.state, 1, 'approve');
    expect(only(r.effects, 'createTask')).toMatchObject([{ nodeId: 'next' }]);
  });

  it('any, sequential: the first instance decides', () => {
    const m = mi('any', true, '2');
    const r = decide(m, startInstance(m, { now: T0 }).state, 0, 'approve');
    expect(only(r.effects, 'closeTasks')).toEqual([]);
    expect(only(r.effects, 'createTask')).toMatchObject([{ nodeId: 'next' }]);
  });

  it('takes the count from an expression or one instance per element of bw:collection', () => {
    const m = mi('all', false, '${len(reviewers) + 1}');
    expect(only(startInstance(m, { variables: { reviewers: ['u1', 'u2'] }, now: T0 }).effects, 'createTask')).toHaveLength(3);
    expect(errorOf(() => startInstance(m, { variables: { reviewers: null }, now: T0 })).code).toBe('WF_CONDITION_FAILED');
    expect(errorOf(() => startInstance(mi('all', false, '0'), { now: T0 })).code).toBe('WF_BAD_CARDINALITY');
    expect(errorOf(() => startInstance(mi('all', false, '1.5'), { now: T0 })).code).toBe('WF_BAD_CARDINALITY');
    expect(errorOf(() => startInstance(mi('all', false, '1000'), { now: T0 })).code).toBe('WF_BAD_CARDINALITY');
    const c = sample('two-step-countersign.bpmn');
    const s = startInstance(c, { variables: { reviewers: ['zhang', 'li'] }, now: T0 });
    expect(only(s.effects, 'createTask').map((e) => (e as any).multi)).toEqual([
      { index: 0, total: 2, mode: 'all', sequential: false, item: 'zhang' },
      { index: 1, total: 2, mode: 'all', sequential: false, item: 'li' },
    ]);
    expect(errorOf(() => startInstance(c, { variables: { reviewers: 'zhang' }, now: T0 })).code).toBe('WF_BAD_CARDINALITY');
  });

  it('a countersign rejected by the next task with a reject target runs again from scratch', () => {
    const c = sample('two-step-countersign.bpmn');
    let st = startInstance(c, { variables: { reviewers: ['a', 'b'] }, now: T0 }).state;
    st = completeTask(c, st, { taskKey: 'review#2', instanceIndex: 0, outcome: 'approve', now: T0 }).state;
    st = completeTask(c, st, { taskKey: 'review#2', instanceIndex: 1, outcome: 'approve', now: T0 }).state;
    const r = completeTask(c, st, { taskKey: keys(st)[0], outcome: 'reject', now: T0 });
    expect(only(r.effects, 'createTask')).toHaveLength(2);
    expect(Object.values(r.state.tasks)[0].multi!.decisions).toEqual([null, null]);
  });
});

describe('timers and service steps', () => {
  const m = model(`<bpmn:startEvent id="s"/>
    <bpmn:intermediateCatchEvent id="wait"><bpmn:timerEventDefinition><bpmn:timeDuration>P1DT2H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
    <bpmn:serviceTask id="svc" bw:strategy="germplasm.reserve" bw:retries="1"/>
    <bpmn:exclusiveGateway id="x" default="f_no"/><bpmn:userTask id="u"/><bpmn:endEvent id="e"/>
    ${chain('s', 'wait', 'svc', 'x')}${flow('f_yes', 'x', 'u', 'reserved == true')}${flow('f_no', 'x', 'e')}${chain('u', 'e')}`);

  it('schedules a timer from now and fires it when due', () => {
    const s = startInstance(m, { now: T0 });
    expect(only(s.effects, 'scheduleTimer')).toEqual([{ type: 'scheduleTimer', timerId: 'wait#2', nodeId: 'wait', dueAt: '2026-03-02T10:00:00.000Z' }]);
    expect(errorOf(() => fireTimer(m, s.state, { timerId: 'wait#2', now: later(60) }))).toEqual({
      code: 'WF_TIMER_NOT_DUE',
      params: { timerId: 'wait#2', dueAt: '2026-03-02T10:00:00.000Z' },
    });
    expect(errorOf(() => fireTimer(m, s.state, { timerId: 'other', now: later(6000) })).code).toBe('WF_TIMER_NOT_ACTIVE');
    const r = step((st) => fireTimer(m, st, { timerId: 'wait#2', now: '2026-03-02T10:00:00Z' }), s.state);
    expect(only(r.effects, 'runService')).toEqual([{ type: 'runService', serviceId: 'svc#4', nodeId: 'svc', strategy: 'germplasm.reserve', attempt: 1 }]);
    expect(r.state.timers).toEqual({});
  });

  it('retries a failed service step through the job queue, then reports an incident until retried', () => {
    let st = startInstance(m, { now: T0 }).state;
    st = fireTimer(m, st, { timerId: 'wait#2', now: later(2000) }).state;
    const f1 = step((x) => completeService(m, x, { serviceId: 'svc#4', ok: false, error: 'timeout', now: later(2001) }), st);
    expect(f1.effects).toEqual([
      {
        type: 'runService',
        serviceId: 'svc#4',
        nodeId: 'svc',
        strategy: 'germplasm.reserve',
        attempt: 2,
        notBefore: new Date(Date.parse(later(2001)) + 30_000).toISOString(),
      },
    ]);
    const f2 = step((x) => completeService(m, x, { serviceId: 'svc#4', ok: false, error: 'timeout again', now: later(2002) }), f1.state);
    expect(f2.effects).toEqual([{ type: 'incident', serviceId: 'svc#4', nodeId: 'svc', error: 'timeout again' }]);
    expect(f2.state.services['svc#4']).toMatchObject({ failed: true, attempt: 2 });
    expect(errorOf(() => completeService(m, f2.state, { serviceId: 'svc#4', ok: false })).code).toBe('WF_SERVICE_NOT_ACTIVE');
    expect(errorOf(() => retryService(m, f1.state, { serviceId: 'svc#4' })).code).toBe('WF_SERVICE_NOT_ACTIVE');
    const again = step((x) => retryService(m, x, { serviceId: 'svc#4' }), f2.state);
    expect(again.effects).toEqual([{ type: 'runService', serviceId: 'svc#4', nodeId: 'svc', strategy: 'germplasm.reserve', attempt: 3 }]);
    const ok = step((x) => completeService(m, x, { serviceId: 'svc#4', ok: true, variables: { reserved: true } }), again.state);
    expect(only(ok.effects, 'createTask')).toMatchObject([{ nodeId: 'u' }]);
    expect(ok.state.variables).toEqual({ reserved: true });
    // Without a `now` of its own, a command uses the time of the last one.
    expect(Object.values(ok.state.tasks)[0].createdAt).toBe(later(2002));
  });

  it('cancel closes tasks, cancels timers and services, and ends the instance cancelled', () => {
    const s = startInstance(m, { now: T0 });
    const r = step((x) => cancelInstance(m, x, { reason: 'withdrawn by the applicant', now: later(1) }), s.state);
    expect(r.effects).toEqual([
      { type: 'cancelTimer', timerId: 'wait#2' },
      { type: 'nodeLeft', nodeId: 'wait', reason: 'cleared' },
      { type: 'ended', outcome: 'cancelled' },
    ]);
    expect(r.state).toMatchObject({ status: 'ended', outcome: 'cancelled', cancelReason: 'withdrawn by the applicant', timers: {}, tokens: [] });
    expect(errorOf(() => fireTimer(m, r.state, { timerId: 'wait#2', now: later(9999) })).code).toBe('WF_INSTANCE_ENDED');
    const st2 = fireTimer(m, s.state, { timerId: 'wait#2', now: later(9999) }).state;
    expect(only(cancelInstance(m, st2, { reason: 'x', now: T0 }).effects, 'cancelService')).toEqual([{ type: 'cancelService', serviceId: 'svc#4' }]);
  });
});
