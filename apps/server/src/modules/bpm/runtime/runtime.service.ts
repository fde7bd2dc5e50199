import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  cancelInstance as engineCancel,
  completeTask as engineComplete,
  nodeStatus,
  retryService as engineRetryService,
  startInstance as engineStart,
  type Effect,
  type InstanceState,
  type ProcessModel,
} from '@breedwise/workflow';
import {
  instanceList,
  taskList,
  type FormSnapshot,
  type AutomaticStep,
  type InstanceDetail,
  type InstanceRow,
  type SubmittedForm,
  type TaskRow,
  type TodoStatistic,
} from '@breedwise/contracts/bpm';
import type { DbOrTx, Tx } from '../../../db/client';
import { can, requireOrg, type RequestContext } from '../../../platform/context';
import { AppError, conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { listColumns } from '../../../platform/filters';
import { orderBy, pageWindow } from '../../../platform/pagination';
import { inOrg } from '../../../platform/tenant';
import { audit, type AuditSource } from '../../audit';
import { sysDept, sysRole, sysUser, sysUserOrg, sysUserRole } from '../../system';
import { bpmAssignRule, bpmBinding, bpmUserGroup } from '../admin/admin.tables';
import { engine } from '../engine';
import { bpmDefinition } from '../model/model.tables';
import { startFormOf } from '../model/model.service';
import { applyForm } from '../form/form.service';
import { businessType } from './business';
import { bpmInstance, bpmTask } from './runtime.tables';
import { cancelServiceJob, cancelTimerJob, scheduleServiceJob, scheduleTimerJob } from './jobs';

const I = bpmInstance;
const T = bpmTask;
const D = bpmDefinition;
type Definition = typeof D.$inferSelect;
type Instance = typeof I.$inferSelect;

// ---------------------------------------------------------------- candidates

interface Candidates {
  userIds: number[];
  permission: string | null;
}

async function orgMembers(tx: DbOrTx, orgId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await tx
    .select({ id: sysUserOrg.userId })
    .from(sysUserOrg)
    .where(and(eq(sysUserOrg.orgId, orgId), inArray(sysUserOrg.userId, ids)));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

async function roleHolders(tx: DbOrTx, orgId: number, roleFilter: SQL): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ id: sysUserRole.userId })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(and(eq(sysRole.orgId, orgId), roleFilter));
  return orgMembers(
    tx,
    orgId,
    rows.map((r) => r.id),
  );
}

/**
 * The leader of the starter's department in this organisation: the nearest department up the tree that
 * has a leader who is still a member (none: no candidate, the start is refused).
 */
async function starterDeptLeader(tx: DbOrTx, orgId: number, startUserId: number): Promise<number[]> {
  const [u] = await tx.select({ deptId: sysUser.deptId }).from(sysUser).where(eq(sysUser.id, startUserId));
  if (!u?.deptId) return [];
  const depts = await tx.select({ id: sysDept.id, parentId: sysDept.parentId, leader: sysDept.leaderUserId }).from(sysDept).where(eq(sysDept.orgId, orgId));
  const byId = new Map(depts.map((d) => [d.id, d]));
  const seen = new Set<number>();
  for (let d = byId.get(u.deptId); d && !seen.has(d.id); d = d.parentId === null ? undefined : byId.get(d.parentId)) {
    seen.add(d.id);
    if (d.leader !== null) {
      const members = await orgMembers(tx, orgId, [d.leader]);
      if (members.length) return members;
    }
  }
  return [];
}

/** Who may handle a user task: its rule, else the business type's approvers, else the organisation's administrators. */
export async function resolveCandidates(
  tx: DbOrTx,
  orgId: number,
  def: Definition,
  taskKey: string,
  inst: { startUserId: number | null; businessType: string | null },
): Promise<Candidates> {
  const [rule] = await tx
    .select()
    .from(bpmAssignRule)
    .where(and(eq(bpmAssignRule.definitionId, def.id), eq(bpmAssignRule.taskKey, taskKey)));
  const bt = inst.businessType ? businessType(inst.businessType) : undefined;
  const none: Candidates = { userIds: [], permission: null };
  if (!rule) {
    if (bt?.approvePermission) return { ...none, permission: bt.approvePermission };
    return { ...none, userIds: await roleHolders(tx, orgId, eq(sysRole.roleKey, 'admin')) };
  }
  switch (rule.type) {
    case 'role':
      return { ...none, userIds: rule.options.length ? await roleHolders(tx, orgId, inArray(sysRole.id, rule.options)) : [] };
    case 'user':
      return { ...none, userIds: await orgMembers(tx, orgId, rule.options) };
    case 'group': {
      if (!rule.options.length) return none;
      const groups = await tx
        .select({ m: bpmUserGroup.memberUserIds })
        .from(bpmUserGroup)
        .where(and(eq(bpmUserGroup.orgId, orgId), inArray(bpmUserGroup.id, rule.options)));
      return { ...none, userIds: await orgMembers(tx, orgId, [...new Set(groups.flatMap((g) => g.m))]) };
    }
    case 'starter':
      return { ...none, userIds: inst.startUserId ? [inst.startUserId] : [] };
    case 'deptLeader':
      return { ...none, userIds: inst.startUserId ? await starterDeptLeader(tx, orgId, inst.startUserId) : [] };
    case 'strategy':
      if (rule.strategy === 'businessApprovers') return { ...none, permission: bt?.approvePermission ?? null };
      return { ...none, userIds: await roleHolders(tx, orgId, eq(sysRole.roleKey, 'admin')) };
  }
}

function taskName(model: ProcessModel, taskKey: string) {
  return model.nodes[taskKey]?.name || taskKey;
}

/**
 * Countersign over a list variable (`bw:collection`): the list is fixed when the task is reached, so it
 * is resolved from the task's rule at start (one instance per candidate user) unless the starter gave it.
 */
async function countersignLists(
  tx: Tx,
  orgId: number,
  def: Definition,
  inst: { startUserId: number | null; businessType: string | null },
  vars: Record<string, unknown>,
) {
  const out = { ...vars };
  for (const id of def.model.nodeOrder) {
    const n = def.model.nodes[id];
    if (n.kind !== 'userTask' || !n.multi?.collection || out[n.multi.collection] !== undefined) continue;
    const c = await resolveCandidates(tx, orgId, def, id, inst);
    if (!c.userIds.length) throw new AppError(409, 'BPM_NO_CANDIDATES', { task: taskName(def.model, id) });
    out[n.multi.collection] = c.userIds;
  }
  return out;
}

// ---------------------------------------------------------------- effects

/**
 * Applies the engine's effects: task rows, closed tasks, timers and service steps as jobs (sent in this
 * transaction, so they exist exactly when the step committed), the end with its business handler.
 */
export async function applyEffects(tx: Tx, ctx: RequestContext, src: AuditSource, inst: Instance, def: Definition, effects: Effect[], comment: string | null) {
  for (const e of effects) {
    if (e.type === 'createTask') {
      let candidates: Candidates;
      let assignee: number | null = null;
      if (e.multi?.item !== undefined && typeof e.multi.item === 'number') {
        assignee = e.multi.item;
        candidates = { userIds: [e.multi.item], permission: null };
      } else {
        candidates = await resolveCandidates(tx, inst.orgId, def, e.nodeId, inst);
        if (candidates.permission === null && candidates.userIds.length === 1) assignee = candidates.userIds[0];
      }
      if (!candidates.userIds.length && !candidates.permission) throw new AppError(409, 'BPM_NO_CANDIDATES', { task: e.name || e.nodeId });
      await tx.insert(T).values({
        orgId: inst.orgId,
        instanceId: inst.id,
        taskKey: e.taskKey,
        nodeId: e.nodeId,
        name: e.name || e.nodeId,
        multiIndex: e.multi?.index ?? null,
        multiTotal: e.multi?.total ?? null,
        assigneeUserId: assignee,
        candidateUserIds: candidates.userIds,
        candidatePermission: candidates.permission,
        formKey: e.formKey ?? null,
      });
    } else if (e.type === 'closeTasks') {
      if (e.taskKeys.length)
        await tx
          .update(T)
          .set({ status: 'closed', closeReason: e.reason, endedAt: new Date() })
          .where(and(eq(T.instanceId, inst.id), inArray(T.taskKey, e.taskKeys), eq(T.status, 'open')));
    } else if (e.type === 'ended') {
      await tx.update(I).set({ status: e.outcome, endedAt: new Date() }).where(eq(I.id, inst.id));
      const bt = inst.businessType ? businessType(inst.businessType) : undefined;
      if (bt && inst.businessKey) await bt.onEnd(tx, ctx, src, { businessKey: inst.businessKey, outcome: e.outcome, instanceId: inst.id, comment });
    } else if (e.type === 'scheduleTimer') {
      await scheduleTimerJob(tx, inst.id, e.timerId, new Date(e.dueAt));
    } else if (e.type === 'cancelTimer') {
      await cancelTimerJob(tx, inst.id, e.timerId);
    } else if (e.type === 'runService') {
      const node = def.model.nodes[e.nodeId];
      const retries = node?.kind === 'serviceTask' ? node.retries : 0;
      await scheduleServiceJob(tx, inst.id, e.serviceId, { retries, ...(e.notBefore ? { startAfter: new Date(e.notBefore) } : {}) });
    } else if (e.type === 'cancelService') {
      await cancelServiceJob(tx, inst.id, e.serviceId);
    }
    // nodeEntered/nodeLeft are read back from the state; an incident is the service's `failed` in the state.
  }
}

// ---------------------------------------------------------------- commands

/** Starts an instance of a definition (in the caller's transaction). */
export async function startProcessIn(
  tx: Tx,
  ctx: RequestContext,
  src: AuditSource,
  def: Definition,
  opts: {
    variables: Record<string, unknown>;
    businessType?: string | null;
    businessKey?: string | null;
    /** Check the variables against the start form (the start dialog; a business record is its own form). */
    startForm?: boolean;
  },
): Promise<number> {
  const orgId = requireOrg(ctx);
  if (def.state !== 'active') throw conflict('BPM_DEFINITION_SUSPENDED', { name: def.name, version: def.version });
  const who = { startUserId: ctx.userId, businessType: opts.businessType ?? null };
  const form = opts.startForm ? startFormOf(def) : null;
  const filled = form ? applyForm(form, opts.variables, ctx.locale) : null;
  const variables = await countersignLists(tx, orgId, def, who, filled?.variables ?? opts.variables);
  const now = new Date();
  const { state, effects } = engine(() => engineStart(def.model, { variables, now }));
  let inst: Instance;
  try {
    [inst] = await tx
      .insert(I)
      .values({
        orgId,
        definitionId: def.id,
        name: def.name,
        businessType: opts.businessType ?? null,
        businessKey: opts.businessKey ?? null,
        state,
        startUserId: ctx.userId,
        startedAt: now,
        formValues: filled?.values ?? null,
      })
      .returning();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('BPM_BUSINESS_RUNNING');
    throw err;
  }
  await applyEffects(tx, ctx, src, inst, def, effects, null);
  return inst.id;
}

export async function createInstance(db: DbOrTx, ctx: RequestContext, src: AuditSource, definitionId: number, variables: Record<string, unknown>) {
  const id = await db.transaction(async (tx) => {
    const [def] = await tx
      .select()
      .from(D)
      .where(and(inOrg(D, ctx), eq(D.id, definitionId)));
    if (!def) throw notFound();
    return startProcessIn(tx, ctx, src, def, { variables, startForm: true });
  });
  return getInstance(db, ctx, id);
}

/** The definition a business type starts on: the bound model's latest version. */
async function boundDefinition(tx: Tx, ctx: RequestContext, type: string): Promise<Definition> {
  if (!businessType(type)) throw new AppError(400, 'BPM_UNKNOWN_BUSINESS_TYPE', { type });
  const [b] = await tx
    .select()
    .from(bpmBinding)
    .where(and(inOrg(bpmBinding, ctx), eq(bpmBinding.businessType, type)));
  if (!b) throw conflict('BPM_NO_BINDING', { type });
  const [def] = await tx.select().from(D).where(eq(D.modelId, b.modelId)).orderBy(desc(D.version)).limit(1);
  if (!def) throw conflict('BPM_NO_BINDING', { type });
  return def;
}

/** Starts the process bound to a business type for one record: the service call modules use, in their transaction. */
export async function initBusinessProcessIn(tx: Tx, ctx: RequestContext, src: AuditSource, type: string, key: string, variables: Record<string, unknown> = {}) {
  const def = await boundDefinition(tx, ctx, type);
  return startProcessIn(tx, ctx, src, def, { variables, businessType: type, businessKey: key });
}

export async function initProcess(
  db: DbOrTx,
  ctx: RequestContext,
  src: AuditSource,
  input: { businessType: string; businessKey: string; variables: Record<string, unknown> },
) {
  const id = await db.transaction((tx) => initBusinessProcessIn(tx, ctx, src, input.businessType, input.businessKey, input.variables));
  return getInstance(db, ctx, id);
}

async function lockInstance(tx: Tx, ctx: RequestContext, id: number): Promise<Instance> {
  const [inst] = await tx
    .select()
    .from(I)
    .where(and(inOrg(I, ctx), eq(I.id, id)))
    .for('update');
  if (!inst) throw notFound();
  return inst;
}

const statusWord = (ctx: RequestContext, s: string) =>
  ({
    approved: { 'zh-CN': '已通过', en: 'approved' },
    rejected: { 'zh-CN': '已驳回', en: 'rejected' },
    cancelled: { 'zh-CN': '已取消', en: 'cancelled' },
    running: { 'zh-CN': '进行中', en: 'running' },
  })[s]?.[ctx.locale] ?? s;

function requireRunning(ctx: RequestContext, inst: Instance) {
  if (inst.status !== 'running') throw conflict('BPM_INSTANCE_NOT_RUNNING', { status: statusWord(ctx, inst.status) });
}

/** A decided task is "already handled"; a task closed by the end of its instance names that end. */
function requireOpen(ctx: RequestContext, inst: Instance, task: typeof T.$inferSelect) {
  if (task.status === 'approved' || task.status === 'rejected') throw conflict('BPM_TASK_HANDLED');
  requireRunning(ctx, inst);
  if (task.status !== 'open') throw conflict('BPM_TASK_HANDLED');
}

export async function saveState(tx: Tx, inst: Instance, state: InstanceState) {
  await tx.update(I).set({ state }).where(eq(I.id, inst.id));
  return { ...inst, state };
}

/** Whether the caller may handle a task: its assignee, or (unassigned) one of its candidates. */
export function mayHandle(ctx: RequestContext, t: typeof T.$inferSelect): boolean {
  if (t.assigneeUserId !== null) return t.assigneeUserId === ctx.userId;
  return t.candidateUserIds.includes(ctx.userId) || (t.candidatePermission !== null && can(ctx, t.candidatePermission));
}

/**
 * Approves or rejects a task: one transaction, the instance row locked first, so of two concurrent
 * decisions the second finds the task handled (409) and the business effect happens once.
 */
export async function decideTask(
  db: DbOrTx,
  ctx: RequestContext,
  src: AuditSource,
  input: { id: number; outcome: 'approve' | 'reject'; comment: string | null; variables?: Record<string, unknown> },
): Promise<TaskRow> {
  await db.transaction((tx) => decideTaskIn(tx, ctx, src, input));
  return getTaskRow(db, ctx, input.id);
}

export async function decideTaskIn(
  tx: Tx,
  ctx: RequestContext,
  src: AuditSource,
  input: {
    id: number;
    outcome: 'approve' | 'reject';
    comment: string | null;
    variables?: Record<string, unknown>;
    /** Demo data: no operation-log entry. */ noAudit?: boolean;
  },
): Promise<void> {
  const [seen] = await tx
    .select({ instanceId: T.instanceId })
    .from(T)
    .where(and(inOrg(T, ctx), eq(T.id, input.id)));
  if (!seen) throw notFound();
  const inst = await lockInstance(tx, ctx, seen.instanceId);
  // Read again under the lock: a concurrent decision has committed by now.
  const [task] = await tx.select().from(T).where(eq(T.id, input.id));
  requireOpen(ctx, inst, task);
  if (!mayHandle(ctx, task)) throw new AppError(403, 'BPM_TASK_NOT_YOURS');
  const def = (await tx.select().from(D).where(eq(D.id, inst.definitionId)))[0];
  // The task's form is filled when approving: checked like the start form, its values kept on the row.
  const form = input.outcome === 'approve' && task.formKey ? def.forms[task.formKey] : undefined;
  const filled = form ? applyForm(form, input.variables ?? {}, ctx.locale) : null;
  const { state, effects } = engine(() =>
    engineComplete(def.model, inst.state, {
      taskKey: task.taskKey,
      ...(task.multiIndex !== null ? { instanceIndex: task.multiIndex } : {}),
      outcome: input.outcome,
      variables: input.outcome === 'approve' ? (filled?.variables ?? input.variables ?? {}) : {},
      now: new Date(),
      expectedVersion: inst.state.version,
    }),
  );
  await tx
    .update(T)
    .set({
      status: input.outcome === 'approve' ? 'approved' : 'rejected',
      handledBy: ctx.userId,
      assigneeUserId: ctx.userId,
      comment: input.comment,
      formValues: filled?.values ?? null,
      endedAt: new Date(),
    })
    .where(eq(T.id, task.id));
  const saved = await saveState(tx, inst, state);
  await applyEffects(tx, ctx, src, saved, def, effects, input.comment);
  if (!input.noAudit)
    await audit(tx, src, {
      action: `bpm.task.${input.outcome}`,
      targetType: 'bpm_task',
      targetId: task.id,
      detail: { name: task.name, instanceId: inst.id, comment: input.comment },
    });
}

export async function cancelInstanceIn(tx: Tx, ctx: RequestContext, src: AuditSource, id: number, reason: string, opts: { anyone?: boolean } = {}) {
  const inst = await lockInstance(tx, ctx, id);
  requireRunning(ctx, inst);
  if (!opts.anyone && inst.startUserId !== ctx.userId) throw new AppError(403, 'BPM_NOT_STARTER');
  const def = (await tx.select().from(D).where(eq(D.id, inst.definitionId)))[0];
  const { state, effects } = engine(() => engineCancel(def.model, inst.state, { reason, now: new Date() }));
  await tx.update(I).set({ cancelReason: reason }).where(eq(I.id, inst.id));
  const saved = await saveState(tx, inst, state);
  await applyEffects(tx, ctx, src, saved, def, effects, reason);
}

export async function cancelInstance(db: DbOrTx, ctx: RequestContext, src: AuditSource, id: number, reason: string) {
  await db.transaction((tx) => cancelInstanceIn(tx, ctx, src, id, reason));
  return getInstance(db, ctx, id);
}

/** An administrator runs a service step again after its retries were used up (an incident). */
export async function retryServiceStep(db: DbOrTx, ctx: RequestContext, src: AuditSource, input: { id: number; serviceId: string }) {
  await db.transaction(async (tx) => {
    const inst = await lockInstance(tx, ctx, input.id);
    requireRunning(ctx, inst);
    const service = Object.prototype.hasOwnProperty.call(inst.state.services, input.serviceId) ? inst.state.services[input.serviceId] : undefined;
    if (!service?.failed) throw conflict('BPM_NO_INCIDENT', { serviceId: input.serviceId });
    const def = (await tx.select().from(D).where(eq(D.id, inst.definitionId)))[0];
    const { state, effects } = engine(() => engineRetryService(def.model, inst.state, { serviceId: input.serviceId, now: new Date() }));
    const saved = await saveState(tx, inst, state);
    await applyEffects(tx, ctx, src, saved, def, effects, null);
    await audit(tx, src, {
      action: 'bpm.instance.retryService',
      targetType: 'bpm_instance',
      targetId: inst.id,
      detail: { name: inst.name, nodeId: service.nodeId, error: service.lastError ?? null },
    });
  });
  return getInstance(db, ctx, input.id);
}

/** Cancels the running process of a business record, if any (the owning module's withdraw). */
export async function cancelBusinessProcessIn(tx: Tx, ctx: RequestContext, src: AuditSource, type: string, key: string, reason: string) {
  const [inst] = await tx
    .select({ id: I.id })
    .from(I)
    .where(and(inOrg(I, ctx), eq(I.businessType, type), eq(I.businessKey, key), eq(I.status, 'running')));
  if (inst) await cancelInstanceIn(tx, ctx, src, inst.id, reason, { anyone: true });
}

/** The open task of a business record's running process the caller may handle (for a module's own approve button). */
export async function myOpenTaskFor(db: DbOrTx, ctx: RequestContext, type: string, key: string): Promise<number | null> {
  const rows = await db
    .select({ t: T })
    .from(T)
    .innerJoin(I, eq(I.id, T.instanceId))
    .where(and(inOrg(I, ctx), eq(I.businessType, type), eq(I.businessKey, key), eq(I.status, 'running'), eq(T.status, 'open')))
    .orderBy(asc(T.id));
  return rows.find((r) => mayHandle(ctx, r.t))?.t.id ?? null;
}

export async function updateAssignee(db: DbOrTx, ctx: RequestContext, id: number, userId: number): Promise<TaskRow> {
  await db.transaction(async (tx) => {
    const [seen] = await tx
      .select({ instanceId: T.instanceId })
      .from(T)
      .where(and(inOrg(T, ctx), eq(T.id, id)));
    if (!seen) throw notFound();
    const inst = await lockInstance(tx, ctx, seen.instanceId);
    const [task] = await tx.select().from(T).where(eq(T.id, id));
    requireOpen(ctx, inst, task);
    if (!mayHandle(ctx, task)) throw new AppError(403, 'BPM_TASK_NOT_YOURS');
    if (!(await orgMembers(tx, inst.orgId, [userId])).length) throw notFound();
    await tx
      .update(T)
      .set({ assigneeUserId: userId, candidateUserIds: [userId], candidatePermission: null })
      .where(eq(T.id, id));
  });
  return getTaskRow(db, ctx, id);
}

// ---------------------------------------------------------------- reading

const starter = alias(sysUser, 'starter');
const assignee = alias(sysUser, 'assignee');
const taskCols = {
  t: T,
  instanceName: I.name,
  businessType: I.businessType,
  businessKey: I.businessKey,
  assigneeName: assignee.nickName,
  startUserName: starter.nickName,
  forms: D.forms,
};
const taskSelect = (db: DbOrTx) =>
  db
    .select(taskCols)
    .from(T)
    .innerJoin(I, eq(I.id, T.instanceId))
    .innerJoin(D, eq(D.id, I.definitionId))
    .leftJoin(starter, eq(starter.id, I.startUserId))
    .leftJoin(assignee, eq(assignee.id, T.assigneeUserId));

function presentTask(r: {
  t: typeof T.$inferSelect;
  instanceName: string;
  businessType: string | null;
  businessKey: string | null;
  assigneeName: string | null;
  startUserName: string | null;
  forms: Record<string, FormSnapshot>;
}): TaskRow {
  const t = r.t;
  return {
    id: t.id,
    instanceId: t.instanceId,
    instanceName: r.instanceName,
    businessType: r.businessType,
    businessKey: r.businessKey,
    taskKey: t.taskKey,
    nodeId: t.nodeId,
    name: t.name,
    multiIndex: t.multiIndex,
    multiTotal: t.multiTotal,
    status: t.status,
    assigneeUserId: t.assigneeUserId,
    assigneeName: r.assigneeName,
    startUserName: r.startUserName,
    comment: t.comment,
    closeReason: t.closeReason,
    createdAt: t.createdAt.toISOString(),
    endedAt: t.endedAt?.toISOString() ?? null,
    form: t.formKey ? (r.forms[t.formKey] ?? null) : null,
  };
}

export async function getTaskRow(db: DbOrTx, ctx: RequestContext, id: number): Promise<TaskRow> {
  const [row] = await taskSelect(db).where(and(inOrg(T, ctx), eq(T.id, id)));
  if (!row) throw notFound();
  return presentTask(row);
}

/** Open tasks the caller may handle: assigned to them, or unassigned with them among the candidates. */
function mine(ctx: RequestContext): SQL {
  const perms = ctx.permissions.includes('*:*:*')
    ? sql`${T.candidatePermission} is not null`
    : inArray(T.candidatePermission, ctx.permissions.length ? ctx.permissions : ['-']);
  return or(eq(T.assigneeUserId, ctx.userId), and(isNull(T.assigneeUserId), or(sql`${ctx.userId} = any(${T.candidateUserIds})`, perms)))!;
}

const taskSort = listColumns(taskList, { filters: {}, sort: { createdAt: T.createdAt, endedAt: T.endedAt } });

type PageQ = {
  pageNum: number;
  pageSize: number;
  orderByColumn?: string;
  isAsc?: 'asc' | 'desc' | 'ascending' | 'descending';
  keyword?: string;
  businessType?: string;
};

export async function todoPage(db: DbOrTx, ctx: RequestContext, q: PageQ) {
  const where = and(
    inOrg(T, ctx),
    eq(T.status, 'open'),
    mine(ctx),
    q.businessType ? eq(I.businessType, q.businessType) : undefined,
    q.keyword ? sql`(${I.name} ilike ${'%' + q.keyword + '%'} or ${T.name} ilike ${'%' + q.keyword + '%'})` : undefined,
  );
  return pageTasks(db, q, where!);
}

export async function donePage(db: DbOrTx, ctx: RequestContext, q: PageQ) {
  const where = and(
    inOrg(T, ctx),
    eq(T.handledBy, ctx.userId),
    q.businessType ? eq(I.businessType, q.businessType) : undefined,
    q.keyword ? sql`(${I.name} ilike ${'%' + q.keyword + '%'} or ${T.name} ilike ${'%' + q.keyword + '%'})` : undefined,
  );
  return pageTasks(db, q, where!);
}

async function pageTasks(db: DbOrTx, q: PageQ, where: SQL) {
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    taskSelect(db)
      .where(where)
      .orderBy(...orderBy(q, taskSort.sortable, [desc(T.id)], T.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(T).innerJoin(I, eq(I.id, T.instanceId)).where(where),
  ]);
  return { rows: rows.map(presentTask), total: Number(total) };
}

export async function todoStatistic(db: DbOrTx, ctx: RequestContext): Promise<TodoStatistic> {
  const rows = await db
    .select({ type: I.businessType, n: count() })
    .from(T)
    .innerJoin(I, eq(I.id, T.instanceId))
    .where(and(inOrg(T, ctx), eq(T.status, 'open'), mine(ctx)))
    .groupBy(I.businessType);
  const byBusinessType: Record<string, number> = {};
  for (const r of rows) byBusinessType[r.type ?? ''] = Number(r.n);
  return { todo: rows.reduce((s, r) => s + Number(r.n), 0), byBusinessType };
}

/** Who may read an instance: its starter, anyone who had a task in it, or a holder of the process-definition query right. */
async function mayRead(db: DbOrTx, ctx: RequestContext, inst: Instance): Promise<boolean> {
  if (inst.startUserId === ctx.userId || can(ctx, 'bpm:process-definition:query')) return true;
  const [row] = await db
    .select({ n: count() })
    .from(T)
    .where(and(eq(T.instanceId, inst.id), or(eq(T.handledBy, ctx.userId), mine(ctx))));
  return Number(row.n) > 0;
}

export async function listInstanceTasks(db: DbOrTx, ctx: RequestContext, instanceId: number): Promise<TaskRow[]> {
  const [inst] = await db
    .select()
    .from(I)
    .where(and(inOrg(I, ctx), eq(I.id, instanceId)));
  if (!inst || !(await mayRead(db, ctx, inst))) throw notFound();
  const rows = await taskSelect(db).where(eq(T.instanceId, instanceId)).orderBy(asc(T.id));
  return rows.map(presentTask);
}

async function presentInstances(db: DbOrTx, rows: (Instance & { startUserName: string | null; version: number })[]): Promise<InstanceRow[]> {
  const ids = rows.map((r) => r.id);
  const open = ids.length
    ? await db
        .select({ instanceId: T.instanceId, name: T.name })
        .from(T)
        .where(and(inArray(T.instanceId, ids), eq(T.status, 'open')))
    : [];
  return rows.map((r) => ({
    id: r.id,
    definitionId: r.definitionId,
    name: r.name,
    version: r.version,
    businessType: r.businessType,
    businessKey: r.businessKey,
    status: r.status,
    startUserId: r.startUserId,
    startUserName: r.startUserName,
    startedAt: r.startedAt.toISOString(),
    endedAt: r.endedAt?.toISOString() ?? null,
    cancelReason: r.cancelReason,
    currentTasks: [...new Set(open.filter((o) => o.instanceId === r.id).map((o) => o.name))],
  }));
}

const instanceSort = listColumns(instanceList, { filters: {}, sort: { startedAt: I.startedAt, endedAt: I.endedAt, status: I.status } });
const instanceSelect = (db: DbOrTx) =>
  db
    .select({ i: I, startUserName: starter.nickName, version: D.version })
    .from(I)
    .innerJoin(D, eq(D.id, I.definitionId))
    .leftJoin(starter, eq(starter.id, I.startUserId));

export async function myInstances(db: DbOrTx, ctx: RequestContext, q: PageQ & { status?: 'running' | 'approved' | 'rejected' | 'cancelled' }) {
  const where = and(
    inOrg(I, ctx),
    eq(I.startUserId, ctx.userId),
    q.status ? eq(I.status, q.status) : undefined,
    q.businessType ? eq(I.businessType, q.businessType) : undefined,
    q.keyword ? sql`${I.name} ilike ${'%' + q.keyword + '%'}` : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    instanceSelect(db)
      .where(where)
      .orderBy(...orderBy(q, instanceSort.sortable, [desc(I.id)], I.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(I).where(where),
  ]);
  return {
    rows: await presentInstances(
      db,
      rows.map((r) => ({ ...r.i, startUserName: r.startUserName, version: r.version })),
    ),
    total: Number(total),
  };
}

export async function getInstance(db: DbOrTx, ctx: RequestContext, id: number): Promise<InstanceDetail> {
  const [row] = await instanceSelect(db).where(and(inOrg(I, ctx), eq(I.id, id)));
  if (!row || !(await mayRead(db, ctx, row.i))) throw notFound();
  const [def] = await db.select().from(D).where(eq(D.id, row.i.definitionId));
  const [present] = await presentInstances(db, [{ ...row.i, startUserName: row.startUserName, version: row.version }]);
  const tasks = await taskSelect(db).where(eq(T.instanceId, id)).orderBy(asc(T.id));
  const forms: SubmittedForm[] = [];
  const startForm = startFormOf(def);
  if (startForm && row.i.formValues)
    forms.push({
      taskId: null,
      step: def.model.nodes[def.model.startId]?.name || def.name,
      by: row.startUserName,
      at: row.i.startedAt.toISOString(),
      form: startForm,
      values: row.i.formValues,
    });
  for (const r of tasks) {
    const f = r.t.formKey ? def.forms[r.t.formKey] : undefined;
    if (f && r.t.formValues)
      forms.push({ taskId: r.t.id, step: r.t.name, by: r.assigneeName, at: r.t.endedAt?.toISOString() ?? null, form: f, values: r.t.formValues });
  }
  return {
    ...present,
    bpmnXml: def.bpmnXml,
    nodeStatus: nodeStatus(def.model, row.i.state),
    variables: row.i.state.variables,
    tasks: tasks.map(presentTask),
    forms,
    automatic: automaticSteps(def.model, row.i.state),
  };
}

/** Timers and service steps waiting in an instance (a failed service step is an incident). */
function automaticSteps(model: ProcessModel, state: InstanceState): AutomaticStep[] {
  const name = (id: string) => model.nodes[id]?.name || id;
  return [
    ...Object.values(state.timers).map((t) => ({
      kind: 'timer' as const,
      id: t.timerId,
      nodeId: t.nodeId,
      name: name(t.nodeId),
      dueAt: t.dueAt,
      strategy: null,
      attempt: null,
      failed: false,
      error: null,
    })),
    ...Object.values(state.services).map((s) => ({
      kind: 'service' as const,
      id: s.serviceId,
      nodeId: s.nodeId,
      name: name(s.nodeId),
      dueAt: null,
      strategy: s.strategy,
      attempt: s.attempt,
      failed: s.failed,
      error: s.lastError ?? null,
    })),
  ];
}
