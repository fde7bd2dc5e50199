/**
 * The interpreter. Every operation is a pure function (model, state, command) -> {state, effects}: it
 * never mutates its input, never reads a clock (`now` is passed in), and its state is plain JSON, so a
 * server can lock the instance row, load the state, apply one command and save the new state with the
 * effects' task rows in one transaction, and any process can continue any instance.
 */
import { evaluate, ExprError, exprMessages, formatMessage, parseExpression, type ExprNode } from '@breedwise/expr';
import { reach } from './bpmn';
import { addDuration, parseDuration } from './duration';
import { WorkflowError } from './errors';
import type { CountersignMode, EndOutcome, FlowNode, ProcessModel } from './model';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Now = string | number | Date;
export type Outcome = 'approve' | 'reject';
export type InstanceOutcome = 'approved' | 'rejected' | 'cancelled';

export interface TokenState {
  id: string;
  nodeId: string;
  /** At a parallel join: the sequence flow the token arrived by. */
  via?: string;
}

export interface MultiState {
  mode: CountersignMode;
  sequential: boolean;
  total: number;
  /** One per instance: null while undecided. */
  decisions: (Outcome | null)[];
  /** Instance indexes with an open task. */
  open: number[];
  /** bw:collection: the element each instance is for. */
  items?: Json[];
}

export interface TaskState {
  taskKey: string;
  nodeId: string;
  tokenId: string;
  createdAt: string;
  multi?: MultiState;
}

export interface TimerState {
  timerId: string;
  nodeId: string;
  tokenId: string;
  dueAt: string;
}

export interface ServiceState {
  serviceId: string;
  nodeId: string;
  tokenId: string;
  strategy: string;
  attempt: number;
  /** Retries exhausted: an incident until retryService or a late success. */
  failed: boolean;
  lastError?: string;
}

export interface InstanceState {
  schema: 1;
  processId: string;
  /** Incremented by every applied command: compare it for optimistic checks (`expectedVersion`). */
  version: number;
  status: 'running' | 'ended';
  outcome: InstanceOutcome | null;
  variables: Record<string, Json>;
  tokens: TokenState[];
  tasks: Record<string, TaskState>;
  timers: Record<string, TimerState>;
  services: Record<string, ServiceState>;
  /** Node ids completed at least once, in order of first completion. */
  finished: string[];
  /** Sequence flow ids taken at least once. */
  takenFlows: string[];
  /** Set when a token reached an end event with bw:outcome="rejected". */
  endOutcome: EndOutcome | null;
  seq: number;
  startedAt: string;
  /** The `now` of the last command (used when a command has no `now` of its own). */
  updatedAt: string;
  endedAt: string | null;
  cancelReason?: string;
}

export type CloseReason = 'countersignDecided' | 'rejected' | 'terminated' | 'cancelled';

export type Effect =
  | { type: 'nodeEntered'; nodeId: string }
  | { type: 'nodeLeft'; nodeId: string; reason: 'completed' | 'rejected' | 'cleared' }
  | {
      type: 'createTask';
      taskKey: string;
      nodeId: string;
      name: string;
      formKey: string | null;
      multi?: { index: number; total: number; mode: CountersignMode; sequential: boolean; item?: Json };
    }
  | { type: 'closeTasks'; taskKeys: string[]; reason: CloseReason }
  | { type: 'scheduleTimer'; timerId: string; nodeId: string; dueAt: string }
  | { type: 'cancelTimer'; timerId: string }
  | { type: 'runService'; serviceId: string; nodeId: string; strategy: string; attempt: number; notBefore?: string }
  | { type: 'cancelService'; serviceId: string }
  | { type: 'incident'; serviceId: string; nodeId: string; error: string }
  | { type: 'ended'; outcome: InstanceOutcome };

export interface StepResult {
  state: InstanceState;
  effects: Effect[];
}

interface Common {
  /** When given, the command is refused with WF_VERSION_CONFLICT unless the state has this version. */
  expectedVersion?: number;
}

export const LIMITS = { maxSteps: 10_000, maxInstances: 100, maxVariablesChars: 256 * 1024, maxVariableDepth: 20 } as const;
const RETRY_BASE_MS = 30_000;

const own = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

function isoNow(now: Now | undefined): string {
  const d = now instanceof Date ? now : typeof now === 'number' || typeof now === 'string' ? new Date(now) : null;
  if (!d || Number.isNaN(d.getTime())) throw new WorkflowError('WF_BAD_TIME', { value: String(now) });
  return d.toISOString();
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** Checks that variables are JSON data (finite numbers, no functions, no `__` names) and answers a copy. */
export function checkVariables(vars: unknown): Record<string, Json> {
  if (vars === undefined || vars === null) return {};
  if (!isPlainObject(vars)) throw new WorkflowError('WF_BAD_VARIABLES', { name: '(variables)' });
  const walk = (v: unknown, name: string, depth: number): void => {
    if (depth > LIMITS.maxVariableDepth) throw new WorkflowError('WF_BAD_VARIABLES', { name });
    if (v === null || typeof v === 'string' || typeof v === 'boolean') return;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new WorkflowError('WF_BAD_VARIABLES', { name });
      return;
    }
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${name}[${i}]`, depth + 1));
    if (isPlainObject(v)) {
      for (const [k, x] of Object.entries(v)) {
        if (k.startsWith('__') || k === 'constructor' || k === 'prototype') throw new WorkflowError('WF_BAD_VARIABLES', { name: `${name}.${k}` });
        walk(x, `${name}.${k}`, depth + 1);
      }
      return;
    }
    throw new WorkflowError('WF_BAD_VARIABLES', { name });
  };
  for (const [k, v] of Object.entries(vars)) {
    if (k.startsWith('__') || k === 'constructor' || k === 'prototype') throw new WorkflowError('WF_BAD_VARIABLES', { name: k });
    walk(v, k, 1);
  }
  const copy = structuredClone(vars) as Record<string, Json>;
  if (JSON.stringify(copy).length > LIMITS.maxVariablesChars) throw new WorkflowError('WF_BAD_VARIABLES', { name: '(size)' });
  return copy;
}

/** Conditions are parsed once per text and kept (a model's texts are few and fixed). */
const astCache = new Map<string, ExprNode>();
function ast(text: string): ExprNode {
  let tree = astCache.get(text);
  if (!tree) {
    tree = parseExpression(text);
    if (astCache.size > 5000) astCache.clear();
    astCache.set(text, tree);
  }
  return tree;
}

function exprFailure(err: unknown, params: Record<string, string | number>): never {
  if (err instanceof ExprError)
    throw new WorkflowError('WF_CONDITION_FAILED', {
      ...params,
      exprCode: err.code,
      detail: formatMessage(exprMessages[err.code].en, err.params),
      detailZh: formatMessage(exprMessages[err.code]['zh-CN'], err.params),
    });
  throw err;
}

class Run {
  readonly effects: Effect[] = [];
  private queue: { nodeId: string; via?: string }[] = [];
  private steps = 0;
  constructor(
    readonly model: ProcessModel,
    readonly state: InstanceState,
    readonly now: string,
  ) {}

  node(id: string): FlowNode {
    if (!own(this.model.nodes, id)) throw new WorkflowError('WF_BAD_STATE', { detail: `node ${id} is not in the model` });
    return this.model.nodes[id];
  }
  private key(prefix: string): string {
    return `${prefix}#${++this.state.seq}`;
  }
  private markFinished(nodeId: string): void {
    if (!this.state.finished.includes(nodeId)) this.state.finished.push(nodeId);
  }
  private removeToken(tokenId: string): TokenState {
    const i = this.state.tokens.findIndex((t) => t.id === tokenId);
    if (i < 0) throw new WorkflowError('WF_BAD_STATE', { detail: `token ${tokenId} is missing` });
    return this.state.tokens.splice(i, 1)[0];
  }

  /** A token leaves its node along the node's (single) outgoing flow. */
  leave(tokenId: string): void {
    const token = this.removeToken(tokenId);
    this.effects.push({ type: 'nodeLeft', nodeId: token.nodeId, reason: 'completed' });
    this.markFinished(token.nodeId);
    this.take(this.node(token.nodeId).outgoing[0]);
  }

  private take(flowId: string): void {
    if (!this.state.takenFlows.includes(flowId)) this.state.takenFlows.push(flowId);
    this.queue.push({ nodeId: this.model.flows[flowId].target, via: flowId });
  }

  /** Moves every queued token on until each waits (task, timer, service, join) or ends. */
  drain(): void {
    while (this.queue.length) {
      if (++this.steps > LIMITS.maxSteps) throw new WorkflowError('WF_STEP_LIMIT', { nodeId: this.queue[0].nodeId, limit: LIMITS.maxSteps });
      const { nodeId, via } = this.queue.shift()!;
      this.enter(nodeId, via);
      if (this.state.status === 'ended') return;
    }
    if (this.state.status === 'running' && this.state.tokens.length === 0) this.end(this.state.endOutcome ?? 'approved');
  }

  start(): void {
    this.queue.push({ nodeId: this.model.startId });
    this.drain();
  }

  private enter(nodeId: string, via: string | undefined): void {
    const node = this.node(nodeId);
    this.effects.push({ type: 'nodeEntered', nodeId });
    const pass = () => {
      this.effects.push({ type: 'nodeLeft', nodeId, reason: 'completed' });
      this.markFinished(nodeId);
    };
    switch (node.kind) {
      case 'start':
        pass();
        return this.take(node.outgoing[0]);
      case 'end':
        pass();
        if (node.outcome === 'rejected') this.state.endOutcome = 'rejected';
        if (node.terminate) {
          this.queue = [];
          this.clearAll('terminated');
          this.end(this.state.endOutcome ?? 'approved');
        }
        return;
      case 'exclusiveGateway':
        pass();
        return this.take(this.choose(node));
      case 'parallelGateway': {
        if (node.incoming.length > 1) {
          this.state.tokens.push({ id: this.key('t'), nodeId, via });
          const waiting = this.state.tokens.filter((t) => t.nodeId === nodeId);
          const picked = node.incoming.map((f) => waiting.find((t) => t.via === f));
          if (picked.some((t) => !t)) return;
          for (const t of picked) this.removeToken(t!.id);
        }
        pass();
        for (const f of node.outgoing) this.take(f);
        return;
      }
      case 'userTask':
        return this.createTask(node);
      case 'timer': {
        const tokenId = this.key('t');
        this.state.tokens.push({ id: tokenId, nodeId });
        const timerId = this.key(nodeId);
        const dueAt = addDuration(this.now, parseDuration(node.duration)!);
        this.state.timers[timerId] = { timerId, nodeId, tokenId, dueAt };
        this.effects.push({ type: 'scheduleTimer', timerId, nodeId, dueAt });
        return;
      }
      case 'serviceTask': {
        const tokenId = this.key('t');
        this.state.tokens.push({ id: tokenId, nodeId });
        const serviceId = this.key(nodeId);
        this.state.services[serviceId] = { serviceId, nodeId, tokenId, strategy: node.strategy, attempt: 1, failed: false };
        this.effects.push({ type: 'runService', serviceId, nodeId, strategy: node.strategy, attempt: 1 });
        return;
      }
    }
  }

  /** Exclusive gateway: conditions in document order, the first true wins; else the default flow; else WF_NO_PATH. */
  private choose(node: FlowNode & { kind: 'exclusiveGateway' }): string {
    for (const flowId of node.outgoing) {
      if (flowId === node.defaultFlow) continue;
      const condition = this.model.flows[flowId].condition;
      if (condition === undefined) return flowId;
      let value: unknown;
      try {
        value = evaluate(ast(condition), this.state.variables);
      } catch (err) {
        exprFailure(err, { nodeId: node.id, flowId });
      }
      if (typeof value !== 'boolean')
        throw new WorkflowError('WF_CONDITION_FAILED', {
          nodeId: node.id,
          flowId,
          exprCode: 'EXPR_TYPE',
          detail: `the condition gives ${value === null ? 'null' : typeof value}, not true or false`,
          detailZh: '条件的结果不是 true 或 false',
        });
      if (value) return flowId;
    }
    if (node.defaultFlow !== undefined) return node.defaultFlow;
    throw new WorkflowError('WF_NO_PATH', { nodeId: node.id });
  }

  private instanceCount(node: FlowNode & { kind: 'userTask' }): { total: number; items?: Json[] } {
    const multi = node.multi!;
    let value: unknown;
    if (multi.collection) {
      try {
        value = evaluate(ast(multi.collection), this.state.variables);
      } catch (err) {
        exprFailure(err, { nodeId: node.id, flowId: 'bw:collection' });
      }
      if (!Array.isArray(value) || value.length < 1 || value.length > LIMITS.maxInstances)
        throw new WorkflowError('WF_BAD_CARDINALITY', {
          nodeId: node.id,
          value: Array.isArray(value) ? value.length : (JSON.stringify(value) ?? ''),
          max: LIMITS.maxInstances,
        });
      return { total: value.length, items: value as Json[] };
    }
    try {
      value = evaluate(ast(multi.cardinality!), this.state.variables);
    } catch (err) {
      exprFailure(err, { nodeId: node.id, flowId: 'loopCardinality' });
    }
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > LIMITS.maxInstances)
      throw new WorkflowError('WF_BAD_CARDINALITY', { nodeId: node.id, value: JSON.stringify(value) ?? '', max: LIMITS.maxInstances });
    return { total: value };
  }

  private createTask(node: FlowNode & { kind: 'userTask' }): void {
    const tokenId = this.key('t');
    this.state.tokens.push({ id: tokenId, nodeId: node.id });
    const taskKey = this.key(node.id);
    const task: TaskState = { taskKey, nodeId: node.id, tokenId, createdAt: this.now };
    const formKey = node.formKey ?? null;
    if (!node.multi) {
      this.state.tasks[taskKey] = task;
      this.effects.push({ type: 'createTask', taskKey, nodeId: node.id, name: node.name, formKey });
      return;
    }
    const { total, items } = this.instanceCount(node);
    const { mode, sequential } = node.multi;
    task.multi = { mode, sequential, total, decisions: Array(total).fill(null), open: sequential ? [0] : Array.from({ length: total }, (_, i) => i) };
    if (items) task.multi.items = items;
    this.state.tasks[taskKey] = task;
    for (const index of task.multi.open) this.emitInstance(task, node, index);
  }

  private emitInstance(task: TaskState, node: FlowNode & { kind: 'userTask' }, index: number): void {
    const m = task.multi!;
    const multi: Effect & { type: 'createTask' } = {
      type: 'createTask',
      taskKey: task.taskKey,
      nodeId: node.id,
      name: node.name,
      formKey: node.formKey ?? null,
      multi: { index, total: m.total, mode: m.mode, sequential: m.sequential },
    };
    if (m.items) multi.multi!.item = m.items[index];
    this.effects.push(multi);
  }

  /** Records one decision; answers the task's decision once it is made (null while the countersign goes on). */
  decide(task: TaskState, index: number, outcome: Outcome): Outcome | null {
    const m = task.multi;
    if (!m) return outcome;
    m.decisions[index] = outcome;
    m.open = m.open.filter((i) => i !== index);
    const decided = m.mode === 'any' || outcome === 'reject' ? outcome : m.decisions.every((d) => d === 'approve') ? 'approve' : null;
    if (decided) {
      if (m.open.length) this.effects.push({ type: 'closeTasks', taskKeys: [task.taskKey], reason: 'countersignDecided' });
      m.open = [];
      return decided;
    }
    if (m.sequential) {
      const next = m.decisions.indexOf(null);
      m.open = [next];
      this.emitInstance(task, this.node(task.nodeId) as FlowNode & { kind: 'userTask' }, next);
    }
    return null;
  }

  approve(task: TaskState): void {
    delete this.state.tasks[task.taskKey];
    this.leave(task.tokenId);
    this.drain();
  }

  /**
   * Reject: with bw:rejectTarget the token goes back to that task, and every token downstream of the
   * target is cleared with its task, timer or service (tokens waiting at a parallel join are cleared
   * when they came from downstream of the target; branches that do not follow the target go on).
   * Without a target the instance ends `rejected`.
   */
  reject(task: TaskState): void {
    delete this.state.tasks[task.taskKey];
    const node = this.node(task.nodeId) as FlowNode & { kind: 'userTask' };
    const token = this.removeToken(task.tokenId);
    this.effects.push({ type: 'nodeLeft', nodeId: token.nodeId, reason: 'rejected' });
    if (!node.rejectTarget) {
      this.clearAll('rejected');
      this.end('rejected');
      return;
    }
    const model = this.model;
    const downstream = reach([node.rejectTarget], (id) => (own(model.nodes, id) ? model.nodes[id].outgoing.map((f) => model.flows[f].target) : []));
    const doomed = this.state.tokens.filter((t) =>
      t.via !== undefined && own(model.flows, t.via) ? downstream.has(model.flows[t.via].source) : downstream.has(t.nodeId),
    );
    this.clearTokens(doomed, 'rejected');
    this.queue.push({ nodeId: node.rejectTarget });
    this.drain();
  }

  private clearTokens(tokens: TokenState[], reason: CloseReason): void {
    const ids = new Set(tokens.map((t) => t.id));
    const taskKeys = Object.values(this.state.tasks)
      .filter((t) => ids.has(t.tokenId))
      .map((t) => t.taskKey);
    if (taskKeys.length) this.effects.push({ type: 'closeTasks', taskKeys, reason });
    for (const k of taskKeys) delete this.state.tasks[k];
    for (const timer of Object.values(this.state.timers))
      if (ids.has(timer.tokenId)) {
        delete this.state.timers[timer.timerId];
        this.effects.push({ type: 'cancelTimer', timerId: timer.timerId });
      }
    for (const service of Object.values(this.state.services))
      if (ids.has(service.tokenId)) {
        delete this.state.services[service.serviceId];
        this.effects.push({ type: 'cancelService', serviceId: service.serviceId });
      }
    const left = new Set<string>();
    for (const t of tokens) {
      this.removeToken(t.id);
      if (!left.has(t.nodeId)) this.effects.push({ type: 'nodeLeft', nodeId: t.nodeId, reason: 'cleared' });
      left.add(t.nodeId);
    }
  }

  clearAll(reason: CloseReason): void {
    this.clearTokens([...this.state.tokens], reason);
  }

  end(outcome: InstanceOutcome): void {
    this.state.status = 'ended';
    this.state.outcome = outcome;
    this.state.endedAt = this.now;
    this.effects.push({ type: 'ended', outcome });
  }
}

function begin(model: ProcessModel, state: InstanceState, opts: Common, now: string): Run {
  if (!state || state.schema !== 1 || !Array.isArray(state.tokens)) throw new WorkflowError('WF_BAD_STATE', { detail: 'not an instance state' });
  if (state.processId !== model.processId) throw new WorkflowError('WF_BAD_STATE', { detail: `the state belongs to ${state.processId}` });
  if (opts.expectedVersion !== undefined && opts.expectedVersion !== state.version)
    throw new WorkflowError('WF_VERSION_CONFLICT', { expected: opts.expectedVersion, actual: state.version });
  if (state.status === 'ended') throw new WorkflowError('WF_INSTANCE_ENDED');
  const next = structuredClone(state);
  next.version += 1;
  next.updatedAt = now;
  return new Run(model, next, now);
}

const result = (run: Run): StepResult => ({ state: run.state, effects: run.effects });

/** Starts an instance: the start event's token runs until it waits. */
export function startInstance(model: ProcessModel, opts: { variables?: Record<string, unknown>; now: Now }): StepResult {
  const now = isoNow(opts.now);
  const state: InstanceState = {
    schema: 1,
    processId: model.processId,
    version: 1,
    status: 'running',
    outcome: null,
    variables: checkVariables(opts.variables),
    tokens: [],
    tasks: {},
    timers: {},
    services: {},
    finished: [],
    takenFlows: [],
    endOutcome: null,
    seq: 0,
    startedAt: now,
    updatedAt: now,
    endedAt: null,
  };
  const run = new Run(model, state, now);
  run.start();
  return result(run);
}

export interface CompleteTaskCommand extends Common {
  taskKey: string;
  /** The countersign instance (0-based); omit (or 0) for a single task. */
  instanceIndex?: number;
  outcome: Outcome;
  /** Form values, merged into the instance variables before the process moves on. */
  variables?: Record<string, unknown>;
  now: Now;
}

export function completeTask(model: ProcessModel, state: InstanceState, cmd: CompleteTaskCommand): StepResult {
  const now = isoNow(cmd.now);
  if (cmd.outcome !== 'approve' && cmd.outcome !== 'reject') throw new WorkflowError('WF_BAD_OUTCOME', { outcome: String(cmd.outcome) });
  const run = begin(model, state, cmd, now);
  const tasks = run.state.tasks;
  if (typeof cmd.taskKey !== 'string' || !own(tasks, cmd.taskKey)) throw new WorkflowError('WF_TASK_NOT_ACTIVE', { taskKey: String(cmd.taskKey) });
  const task = tasks[cmd.taskKey];
  const index = cmd.instanceIndex ?? 0;
  const open = task.multi ? task.multi.open.includes(index) : index === 0;
  if (!open) throw new WorkflowError('WF_TASK_NOT_ACTIVE', { taskKey: `${cmd.taskKey}/${index}` });
  Object.assign(run.state.variables, checkVariables(cmd.variables));
  const decision = run.decide(task, index, cmd.outcome);
  if (decision === 'approve') run.approve(task);
  else if (decision === 'reject') run.reject(task);
  return result(run);
}

/** A scheduled timer is due: its token moves on. */
export function fireTimer(model: ProcessModel, state: InstanceState, cmd: Common & { timerId: string; now: Now }): StepResult {
  const now = isoNow(cmd.now);
  const run = begin(model, state, cmd, now);
  if (typeof cmd.timerId !== 'string' || !own(run.state.timers, cmd.timerId)) throw new WorkflowError('WF_TIMER_NOT_ACTIVE', { timerId: String(cmd.timerId) });
  const timer = run.state.timers[cmd.timerId];
  if (Date.parse(now) < Date.parse(timer.dueAt)) throw new WorkflowError('WF_TIMER_NOT_DUE', { timerId: timer.timerId, dueAt: timer.dueAt });
  delete run.state.timers[timer.timerId];
  run.leave(timer.tokenId);
  run.drain();
  return result(run);
}

/**
 * The job queue ran a service step. `ok`: its variables are merged and the token moves on. Failed: a
 * new attempt is asked for (`runService` with `notBefore`, doubling from 30 s) until bw:retries are
 * used up, then an `incident` is reported and the step waits for retryService.
 */
export function completeService(
  model: ProcessModel,
  state: InstanceState,
  cmd: Common & { serviceId: string; ok: boolean; variables?: Record<string, unknown>; error?: string; now?: Now },
): StepResult {
  const now = cmd.now === undefined ? (state.updatedAt ?? state.startedAt) : isoNow(cmd.now);
  const run = begin(model, state, cmd, now);
  if (typeof cmd.serviceId !== 'string' || !own(run.state.services, cmd.serviceId))
    throw new WorkflowError('WF_SERVICE_NOT_ACTIVE', { serviceId: String(cmd.serviceId) });
  const service = run.state.services[cmd.serviceId];
  if (cmd.ok) {
    Object.assign(run.state.variables, checkVariables(cmd.variables));
    delete run.state.services[service.serviceId];
    run.leave(service.tokenId);
    run.drain();
    return result(run);
  }
  const node = run.node(service.nodeId) as FlowNode & { kind: 'serviceTask' };
  service.lastError = String(cmd.error ?? '').slice(0, 2000);
  if (service.failed) throw new WorkflowError('WF_SERVICE_NOT_ACTIVE', { serviceId: service.serviceId });
  if (service.attempt <= node.retries) {
    const delay = RETRY_BASE_MS * 2 ** (service.attempt - 1);
    service.attempt += 1;
    const effect: Effect = { type: 'runService', serviceId: service.serviceId, nodeId: node.id, strategy: node.strategy, attempt: service.attempt };
    if (cmd.now !== undefined) effect.notBefore = new Date(Date.parse(now) + delay).toISOString();
    run.effects.push(effect);
  } else {
    service.failed = true;
    run.effects.push({ type: 'incident', serviceId: service.serviceId, nodeId: node.id, error: service.lastError });
  }
  return result(run);
}

/** Runs a service step again after an incident (an administrator's decision). */
export function retryService(model: ProcessModel, state: InstanceState, cmd: Common & { serviceId: string; now?: Now }): StepResult {
  const run = begin(model, state, cmd, cmd.now === undefined ? (state.updatedAt ?? state.startedAt) : isoNow(cmd.now));
  if (typeof cmd.serviceId !== 'string' || !own(run.state.services, cmd.serviceId) || !run.state.services[cmd.serviceId].failed)
    throw new WorkflowError('WF_SERVICE_NOT_ACTIVE', { serviceId: String(cmd.serviceId) });
  const service = run.state.services[cmd.serviceId];
  service.failed = false;
  service.attempt += 1;
  run.effects.push({ type: 'runService', serviceId: service.serviceId, nodeId: service.nodeId, strategy: service.strategy, attempt: service.attempt });
  return result(run);
}

/** Cancels a running instance: open tasks closed, timers and services cancelled, ended `cancelled`. */
export function cancelInstance(model: ProcessModel, state: InstanceState, cmd: Common & { reason: string; now: Now }): StepResult {
  const now = isoNow(cmd.now);
  const run = begin(model, state, cmd, now);
  run.state.cancelReason = String(cmd.reason ?? '').slice(0, 2000);
  run.clearAll('cancelled');
  run.end('cancelled');
  return result(run);
}

export type NodeStatus = 'finished' | 'active' | 'untouched';

/** For the diagram: each node id (and sequence flow id) finished, active (a token waits there) or untouched. */
export function nodeStatus(model: ProcessModel, state: InstanceState): Record<string, NodeStatus> {
  const active = new Set(state.tokens.map((t) => t.nodeId));
  const finished = new Set(state.finished);
  const taken = new Set(state.takenFlows);
  const out: Record<string, NodeStatus> = {};
  for (const id of model.nodeOrder) out[id] = active.has(id) ? 'active' : finished.has(id) ? 'finished' : 'untouched';
  for (const id of Object.keys(model.flows)) out[id] = taken.has(id) ? 'finished' : 'untouched';
  return out;
}

/** Open work of an instance, for a task list rebuilt from the state alone. */
export function openTasks(state: InstanceState): { taskKey: string; nodeId: string; index: number }[] {
  return Object.values(state.tasks).flatMap((t) =>
    t.multi ? t.multi.open.map((index) => ({ taskKey: t.taskKey, nodeId: t.nodeId, index })) : [{ taskKey: t.taskKey, nodeId: t.nodeId, index: 0 }],
  );
}
