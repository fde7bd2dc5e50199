import { and, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import { listUserTasks } from '@breedwise/workflow';
import { userGroupList, type AssignType, type BindingRow, type RuleRow, type UserGroupRow } from '@breedwise/contracts/bpm';
import type { DbOrTx } from '../../../db/client';
import { requireOrg, type RequestContext } from '../../../platform/context';
import { AppError, conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import { inOrg } from '../../../platform/tenant';
import { sysRole, sysUser, sysUserOrg } from '../../system';
import { bpmDefinition, bpmModel } from '../model/model.tables';
import { businessTypes, businessType } from '../runtime/business';
import { bpmAssignRule, bpmBinding, bpmUserGroup } from './admin.tables';

const G = bpmUserGroup;
const groupSort = listColumns(userGroupList, { filters: {}, sort: { name: G.name, createdAt: G.createdAt, updatedAt: G.updatedAt } });

async function members(db: DbOrTx, orgId: number, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: sysUser.id, name: sysUser.nickName })
    .from(sysUser)
    .innerJoin(sysUserOrg, and(eq(sysUserOrg.userId, sysUser.id), eq(sysUserOrg.orgId, orgId)))
    .where(inArray(sysUser.id, ids));
}

async function presentGroups(db: DbOrTx, orgId: number, rows: (typeof G.$inferSelect)[]): Promise<UserGroupRow[]> {
  const users = await members(db, orgId, [...new Set(rows.flatMap((r) => r.memberUserIds))]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    memberUserIds: r.memberUserIds,
    memberNames: r.memberUserIds.map((id) => users.find((u) => u.id === id)?.name ?? `#${id}`),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function pageGroups(
  db: DbOrTx,
  ctx: RequestContext,
  q: { pageNum: number; pageSize: number; keyword?: string; orderByColumn?: string; isAsc?: 'asc' | 'desc' | 'ascending' | 'descending' },
) {
  const where = and(inOrg(G, ctx), q.keyword ? ilike(G.name, likePattern(q.keyword)) : undefined);
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(G)
      .where(where)
      .orderBy(...orderBy(q, groupSort.sortable, [desc(G.id)], G.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(G).where(where),
  ]);
  return { rows: await presentGroups(db, requireOrg(ctx), rows), total: Number(total) };
}

export async function getGroup(db: DbOrTx, ctx: RequestContext, id: number): Promise<UserGroupRow> {
  const rows = await db
    .select()
    .from(G)
    .where(and(inOrg(G, ctx), eq(G.id, id)));
  if (!rows.length) throw notFound();
  return (await presentGroups(db, requireOrg(ctx), rows))[0];
}

export async function listGroupsSimple(db: DbOrTx, ctx: RequestContext) {
  return db.select({ id: G.id, name: G.name }).from(G).where(inOrg(G, ctx)).orderBy(G.name);
}

/** Members must belong to the organisation (a foreign id is simply not found). */
async function checkMembers(db: DbOrTx, orgId: number, ids: number[]) {
  const found = await members(db, orgId, ids);
  if (found.length !== new Set(ids).size) throw notFound();
}

export async function saveGroup(db: DbOrTx, ctx: RequestContext, input: { id?: number; name: string; description: string | null; memberUserIds: number[] }) {
  const orgId = requireOrg(ctx);
  const memberUserIds = [...new Set(input.memberUserIds)];
  await checkMembers(db, orgId, memberUserIds);
  try {
    if (input.id) {
      const done = await db
        .update(G)
        .set({ name: input.name, description: input.description, memberUserIds, updatedAt: new Date() })
        .where(and(inOrg(G, ctx), eq(G.id, input.id)))
        .returning({ id: G.id });
      if (!done.length) throw notFound();
      return getGroup(db, ctx, input.id);
    }
    const [row] = await db
      .insert(G)
      .values({ orgId, name: input.name, description: input.description, memberUserIds, createdBy: ctx.userId })
      .returning({ id: G.id });
    return getGroup(db, ctx, row.id);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('BPM_GROUP_NAME_EXISTS', { name: input.name });
    throw err;
  }
}

export async function deleteGroup(db: DbOrTx, ctx: RequestContext, id: number) {
  const done = await db
    .delete(G)
    .where(and(inOrg(G, ctx), eq(G.id, id)))
    .returning({ id: G.id });
  if (!done.length) throw notFound();
}

// ---------------------------------------------------------------- assignment rules

const R = bpmAssignRule;

export async function listRules(db: DbOrTx, ctx: RequestContext, definitionId: number): Promise<RuleRow[]> {
  const [def] = await db
    .select()
    .from(bpmDefinition)
    .where(and(inOrg(bpmDefinition, ctx), eq(bpmDefinition.id, definitionId)));
  if (!def) throw notFound();
  const rules = await db.select().from(R).where(eq(R.definitionId, def.id));
  return listUserTasks(def.model).map((t) => {
    const r = rules.find((x) => x.taskKey === t.key);
    return {
      id: r?.id ?? null,
      definitionId: def.id,
      taskKey: t.key,
      taskName: t.name || t.key,
      type: r?.type ?? null,
      options: r?.options ?? [],
      strategy: r?.strategy ?? null,
    };
  });
}

type RuleInput = { type: AssignType; options: number[]; strategy: 'businessApprovers' | 'orgAdmins' | null };

function checkRule(r: RuleInput): RuleInput {
  if ((r.type === 'role' || r.type === 'user' || r.type === 'group') && !r.options.length) throw new AppError(400, 'BPM_RULE_OPTIONS', { type: r.type });
  if (r.type === 'strategy' && !r.strategy) throw new AppError(400, 'BPM_RULE_OPTIONS', { type: r.type });
  return {
    type: r.type,
    options: r.type === 'starter' || r.type === 'deptLeader' || r.type === 'strategy' ? [] : [...new Set(r.options)],
    strategy: r.type === 'strategy' ? r.strategy : null,
  };
}

export async function createRule(db: DbOrTx, ctx: RequestContext, input: RuleInput & { definitionId: number; taskKey: string }) {
  const rows = await listRules(db, ctx, input.definitionId);
  const task = rows.find((r) => r.taskKey === input.taskKey);
  if (!task) throw new AppError(400, 'BPM_RULE_TASK_UNKNOWN', { taskKey: input.taskKey });
  if (task.id !== null) throw conflict('BPM_RULE_EXISTS', { taskKey: input.taskKey });
  await db.insert(R).values({ orgId: requireOrg(ctx), definitionId: input.definitionId, taskKey: input.taskKey, ...checkRule(input) });
  return (await listRules(db, ctx, input.definitionId)).find((r) => r.taskKey === input.taskKey)!;
}

export async function updateRule(db: DbOrTx, ctx: RequestContext, input: RuleInput & { id: number }) {
  const done = await db
    .update(R)
    .set({ ...checkRule(input), updatedAt: new Date() })
    .where(and(inOrg(R, ctx), eq(R.id, input.id)))
    .returning();
  if (!done.length) throw notFound();
  return (await listRules(db, ctx, done[0].definitionId)).find((r) => r.taskKey === done[0].taskKey)!;
}

// ---------------------------------------------------------------- business bindings

export async function listBindings(db: DbOrTx, ctx: RequestContext): Promise<BindingRow[]> {
  const rows = await db
    .select({ type: bpmBinding.businessType, modelId: bpmModel.id, modelName: bpmModel.name })
    .from(bpmBinding)
    .innerJoin(bpmModel, eq(bpmModel.id, bpmBinding.modelId))
    .where(inOrg(bpmBinding, ctx));
  const modelIds = rows.map((r) => r.modelId);
  const defs = modelIds.length
    ? await db.select().from(bpmDefinition).where(inArray(bpmDefinition.modelId, modelIds)).orderBy(desc(bpmDefinition.version))
    : [];
  return businessTypes().map((bt) => {
    const b = rows.find((r) => r.type === bt.type);
    const d = b ? defs.find((x) => x.modelId === b.modelId) : undefined;
    return {
      businessType: bt.type,
      label: bt.label[ctx.locale],
      modelId: b?.modelId ?? null,
      modelName: b?.modelName ?? null,
      definitionId: d?.id ?? null,
      version: d?.version ?? null,
    };
  });
}

export async function saveBinding(db: DbOrTx, ctx: RequestContext, input: { businessType: string; modelId: number }): Promise<BindingRow> {
  if (!businessType(input.businessType)) throw new AppError(400, 'BPM_UNKNOWN_BUSINESS_TYPE', { type: input.businessType });
  const [m] = await db
    .select({ id: bpmModel.id })
    .from(bpmModel)
    .where(and(inOrg(bpmModel, ctx), eq(bpmModel.id, input.modelId)));
  if (!m) throw notFound();
  const orgId = requireOrg(ctx);
  await db
    .insert(bpmBinding)
    .values({ orgId, businessType: input.businessType, modelId: m.id })
    .onConflictDoUpdate({ target: [bpmBinding.orgId, bpmBinding.businessType], set: { modelId: m.id, updatedAt: new Date() } });
  return (await listBindings(db, ctx)).find((b) => b.businessType === input.businessType)!;
}

// ---------------------------------------------------------------- pickers

export async function listSimpleUsers(db: DbOrTx, ctx: RequestContext) {
  const rows = await db
    .select({ id: sysUser.id, nickName: sysUser.nickName, username: sysUser.username })
    .from(sysUser)
    .innerJoin(sysUserOrg, and(eq(sysUserOrg.userId, sysUser.id), eq(sysUserOrg.orgId, requireOrg(ctx))))
    .where(eq(sysUser.status, 'enabled'))
    .orderBy(sysUser.id);
  return rows.map((r) => ({ id: r.id, name: r.nickName || r.username }));
}

export async function listSimpleRoles(db: DbOrTx, ctx: RequestContext) {
  const rows = await db
    .select({ id: sysRole.id, name: sysRole.roleName })
    .from(sysRole)
    .where(eq(sysRole.orgId, requireOrg(ctx)))
    .orderBy(sysRole.id);
  return rows;
}
