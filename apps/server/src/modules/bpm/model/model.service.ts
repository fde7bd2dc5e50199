import { and, count, desc, eq, ilike, inArray, or, max } from 'drizzle-orm';
import { listUserTasks, type ProcessModel } from '@breedwise/workflow';
import { modelList, definitionList, type DefinitionRow, type ModelDetail, type ModelRow } from '@breedwise/contracts/bpm';
import type { DbOrTx, Tx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { AppError, conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import { createdStamp, inOrg } from '../../../platform/tenant';
import { sysUser } from '../../system';
import { checkExecutable, readBpmn } from '../engine';
import { bpmAssignRule, bpmBinding } from '../admin/admin.tables';
import { formsForModel } from '../form/form.service';
import { bpmDefinition, bpmModel } from './model.tables';

const M = bpmModel;
const D = bpmDefinition;
const modelCols = listColumns(modelList, { filters: {}, sort: { key: M.key, name: M.name, createdAt: M.createdAt, updatedAt: M.updatedAt } });
const defCols = listColumns(definitionList, { filters: {}, sort: { key: D.key, version: D.version, deployedAt: D.deployedAt } });

/** The latest definition version of each model. */
async function latestOf(db: DbOrTx, modelIds: number[]) {
  if (!modelIds.length) return new Map<number, typeof D.$inferSelect>();
  const rows = await db.select().from(D).where(inArray(D.modelId, modelIds)).orderBy(desc(D.version));
  const out = new Map<number, typeof D.$inferSelect>();
  for (const r of rows) if (!out.has(r.modelId)) out.set(r.modelId, r);
  return out;
}

async function presentModels(db: DbOrTx, rows: (typeof M.$inferSelect)[]): Promise<ModelRow[]> {
  const latest = await latestOf(
    db,
    rows.map((r) => r.id),
  );
  const userIds = [...new Set(rows.map((r) => r.createdBy).filter((v): v is number => v !== null))];
  const users = userIds.length ? await db.select({ id: sysUser.id, name: sysUser.nickName }).from(sysUser).where(inArray(sysUser.id, userIds)) : [];
  return rows.map((r) => {
    const d = latest.get(r.id);
    return {
      id: r.id,
      key: r.key,
      name: r.name,
      category: r.category,
      description: r.description,
      latest: d ? { id: d.id, version: d.version, state: d.state, deployedAt: d.deployedAt.toISOString() } : null,
      createdBy: users.find((u) => u.id === r.createdBy)?.name ?? null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

export async function pageModels(
  db: DbOrTx,
  ctx: RequestContext,
  q: { keyword?: string; category?: string; pageNum: number; pageSize: number; orderByColumn?: string; isAsc?: 'asc' | 'desc' | 'ascending' | 'descending' },
) {
  const where = and(
    inOrg(M, ctx),
    q.category ? eq(M.category, q.category) : undefined,
    q.keyword ? or(ilike(M.name, likePattern(q.keyword)), ilike(M.key, likePattern(q.keyword))) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(M)
      .where(where)
      .orderBy(...orderBy(q, modelCols.sortable, [desc(M.id)], M.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(M).where(where),
  ]);
  return { rows: await presentModels(db, rows), total: Number(total) };
}

export async function getModel(db: DbOrTx, ctx: RequestContext, id: number): Promise<ModelDetail> {
  const [row] = await db
    .select()
    .from(M)
    .where(and(inOrg(M, ctx), eq(M.id, id)));
  if (!row) throw notFound();
  const [present] = await presentModels(db, [row]);
  return { ...present, bpmnXml: row.bpmnXml };
}

/** Checks a BPMN text (400 with the engine's reason when it is not valid BPMN 2.0). */
function checkXml(xml: string | null) {
  if (xml !== null) readBpmn(xml);
}

export async function createModel(
  db: DbOrTx,
  ctx: RequestContext,
  input: { key: string; name: string; category: string | null; description: string | null; bpmnXml: string | null },
): Promise<ModelDetail> {
  checkXml(input.bpmnXml);
  try {
    const [row] = await db
      .insert(M)
      .values({ ...input, ...createdStamp(ctx) })
      .returning({ id: M.id });
    return getModel(db, ctx, row.id);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('BPM_MODEL_KEY_EXISTS', { key: input.key });
    throw err;
  }
}

export async function updateModel(
  db: DbOrTx,
  ctx: RequestContext,
  input: { id: number; name: string; category: string | null; description: string | null; bpmnXml: string | null },
): Promise<ModelDetail> {
  checkXml(input.bpmnXml);
  const { id, ...fields } = input;
  const done = await db
    .update(M)
    .set({ ...fields, updatedBy: ctx.userId, updatedAt: new Date() })
    .where(and(inOrg(M, ctx), eq(M.id, id)))
    .returning({ id: M.id });
  if (!done.length) throw notFound();
  return getModel(db, ctx, id);
}

export async function deleteModel(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(M)
      .where(and(inOrg(M, ctx), eq(M.id, id)))
      .for('update');
    if (!row) throw notFound();
    const [bound] = await tx.select({ n: count() }).from(bpmBinding).where(eq(bpmBinding.modelId, id));
    const [deployed] = await tx.select({ n: count() }).from(D).where(eq(D.modelId, id));
    if (Number(bound.n) > 0 || Number(deployed.n) > 0) throw conflict('BPM_MODEL_IN_USE', { name: row.name });
    await tx.delete(M).where(eq(M.id, id));
  });
}

/** The process key of an imported file: its process id (letters, digits, `_`). */
export async function importModel(db: DbOrTx, ctx: RequestContext, xml: string, name: string | null): Promise<ModelDetail> {
  const model = readBpmn(xml);
  let key = model.processId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 56) || 'process';
  if (!/^[A-Za-z_]/.test(key)) key = `p_${key}`;
  const [taken] = await db
    .select({ n: count() })
    .from(M)
    .where(and(inOrg(M, ctx), eq(M.key, key)));
  if (Number(taken.n) > 0) key = `${key}_${Date.now().toString(36)}`;
  return createModel(db, ctx, { key, name: name || model.name || key, category: null, description: null, bpmnXml: xml });
}

/** The start event's form as the version keeps it. */
export function startFormOf(d: typeof D.$inferSelect) {
  const start = d.model.nodes[d.model.startId];
  const key = start?.kind === 'start' ? start.formKey : undefined;
  return key ? (d.forms[key] ?? null) : null;
}

export function presentDefinition(d: typeof D.$inferSelect, deployedBy: string | null = null): DefinitionRow {
  return {
    id: d.id,
    modelId: d.modelId,
    key: d.key,
    name: d.name,
    version: d.version,
    state: d.state,
    deployedAt: d.deployedAt.toISOString(),
    deployedBy,
    userTasks: listUserTasks(d.model).map((t) => ({
      key: t.key,
      name: t.name,
      countersign: t.countersign?.mode ?? null,
      rejectTarget: t.rejectTarget ?? null,
      formKey: t.formKey,
    })),
    startForm: startFormOf(d),
  };
}

/** Deploys a model: parsed, checked for execution, stored as the next immutable version (in the caller's transaction). */
export async function deployModelIn(tx: Tx, ctx: RequestContext, modelId: number): Promise<typeof D.$inferSelect> {
  const [row] = await tx
    .select()
    .from(M)
    .where(and(inOrg(M, ctx), eq(M.id, modelId)))
    .for('update');
  if (!row) throw notFound();
  if (!row.bpmnXml) throw new AppError(400, 'BPM_MODEL_HAS_NO_XML', { name: row.name });
  const model: ProcessModel = readBpmn(row.bpmnXml);
  const forms = await formsForModel(tx, row.orgId, model);
  checkExecutable(model, Object.fromEntries(Object.entries(forms).map(([k, f]) => [k, f.schema.fields.map((x) => x.name)])));
  const [{ v }] = await tx
    .select({ v: max(D.version) })
    .from(D)
    .where(and(inOrg(D, ctx), eq(D.key, row.key)));
  const [previous] = await tx
    .select({ id: D.id })
    .from(D)
    .where(and(inOrg(D, ctx), eq(D.modelId, row.id)))
    .orderBy(desc(D.version))
    .limit(1);
  const [def] = await tx
    .insert(D)
    .values({
      orgId: row.orgId,
      modelId: row.id,
      key: row.key,
      name: row.name,
      version: (v ?? 0) + 1,
      state: 'active',
      bpmnXml: row.bpmnXml,
      model,
      forms,
      deployedBy: ctx.userId,
    })
    .returning();
  if (previous) await copyRules(tx, previous.id, def);
  return def;
}

/**
 * The new version takes over the assignment rules of the previous version of the same model, for the
 * user tasks it still has (same node id): an administrator sets the rules once, not after every deploy.
 */
async function copyRules(tx: Tx, fromDefinitionId: number, to: typeof D.$inferSelect) {
  const keys = new Set(listUserTasks(to.model).map((t) => t.key));
  const rules = (await tx.select().from(bpmAssignRule).where(eq(bpmAssignRule.definitionId, fromDefinitionId))).filter((r) => keys.has(r.taskKey));
  if (rules.length)
    await tx
      .insert(bpmAssignRule)
      .values(rules.map((r) => ({ orgId: r.orgId, definitionId: to.id, taskKey: r.taskKey, type: r.type, options: r.options, strategy: r.strategy })));
}

export async function deployModel(db: DbOrTx, ctx: RequestContext, modelId: number): Promise<DefinitionRow> {
  const def = await db.transaction((tx) => deployModelIn(tx, ctx, modelId));
  return getDefinitionRow(db, ctx, def.id);
}

export async function getDefinitionRow(db: DbOrTx, ctx: RequestContext, id: number): Promise<DefinitionRow> {
  const [row] = await db
    .select({ d: D, by: sysUser.nickName })
    .from(D)
    .leftJoin(sysUser, eq(sysUser.id, D.deployedBy))
    .where(and(inOrg(D, ctx), eq(D.id, id)));
  if (!row) throw notFound();
  return presentDefinition(row.d, row.by);
}

export async function loadDefinition(db: DbOrTx, ctx: RequestContext, id: number) {
  const [row] = await db
    .select()
    .from(D)
    .where(and(inOrg(D, ctx), eq(D.id, id)));
  if (!row) throw notFound();
  return row;
}

export async function setDefinitionState(db: DbOrTx, ctx: RequestContext, id: number, state: 'active' | 'suspended'): Promise<DefinitionRow> {
  const done = await db
    .update(D)
    .set({ state })
    .where(and(inOrg(D, ctx), eq(D.id, id)))
    .returning({ id: D.id });
  if (!done.length) throw notFound();
  return getDefinitionRow(db, ctx, id);
}

export async function pageDefinitions(
  db: DbOrTx,
  ctx: RequestContext,
  q: {
    modelId?: number;
    key?: string;
    state?: 'active' | 'suspended';
    keyword?: string;
    pageNum: number;
    pageSize: number;
    orderByColumn?: string;
    isAsc?: 'asc' | 'desc' | 'ascending' | 'descending';
  },
) {
  const where = and(
    inOrg(D, ctx),
    q.modelId ? eq(D.modelId, q.modelId) : undefined,
    q.key ? eq(D.key, q.key) : undefined,
    q.state ? eq(D.state, q.state) : undefined,
    q.keyword ? or(ilike(D.name, likePattern(q.keyword)), ilike(D.key, likePattern(q.keyword))) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ d: D, by: sysUser.nickName })
      .from(D)
      .leftJoin(sysUser, eq(sysUser.id, D.deployedBy))
      .where(where)
      .orderBy(...orderBy(q, defCols.sortable, [desc(D.id)], D.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(D).where(where),
  ]);
  return { rows: rows.map((r) => presentDefinition(r.d, r.by)), total: Number(total) };
}

export async function listDefinitions(db: DbOrTx, ctx: RequestContext, q: { state?: 'active' | 'suspended'; modelId?: number }) {
  const rows = await db
    .select({ d: D, by: sysUser.nickName })
    .from(D)
    .leftJoin(sysUser, eq(sysUser.id, D.deployedBy))
    .where(and(inOrg(D, ctx), q.state ? eq(D.state, q.state) : undefined, q.modelId ? eq(D.modelId, q.modelId) : undefined))
    .orderBy(desc(D.id))
    .limit(500);
  return rows.map((r) => presentDefinition(r.d, r.by));
}
