import { and, asc, count, desc, eq, exists, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Column } from 'drizzle-orm';
import {
  projectList,
  type MemberRow,
  type MembersUpdate,
  type ProjectInput,
  type ProjectOption,
  type ProjectPageQuery,
  type ProjectRow,
  type ProjectUpdate,
  type StatusUpdate,
} from '@breedwise/contracts/doe';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { requireCropWrite, type RequestContext } from '../../../platform/context';
import { AppError, conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { filterConditions, listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow, keywordSearch } from '../../../platform/pagination';
import { createdStamp, inCrop, inOrg, updatedStamp } from '../../../platform/tenant';
import { sysUser } from '../../system';
import { doeExperiment } from '../experiment/experiment.tables';
import { normaliseMembers, requireOrgUsers, qualified } from '../shared';
import { doeTeam } from '../team/team.tables';
import { doeProject, doeProjectMember } from './project.tables';

type PageParsed = z.output<typeof ProjectPageQuery>;
type UpdateParsed = z.output<typeof ProjectUpdate>;
type MembersParsed = z.output<typeof MembersUpdate>;

const name = (col: Column) => sql<string | null>`(select coalesce(u.nick_name, u.username) from sys_user u where u.id = ${qualified(col)})`;
const columns = {
  id: doeProject.id,
  name: doeProject.name,
  code: doeProject.code,
  teamId: doeProject.teamId,
  teamName: sql<string | null>`(select t.name from doe_team t where t.id = ${qualified(doeProject.teamId)})`,
  leaderId: doeProject.leaderId,
  leaderName: name(doeProject.leaderId),
  startDate: doeProject.startDate,
  endDate: doeProject.endDate,
  description: doeProject.description,
  status: doeProject.status,
  memberCount: sql<number>`(select count(*)::int from doe_project_member m where m.project_id = ${qualified(doeProject.id)})`,
  experimentCount: sql<number>`(select count(*)::int from doe_experiment e where e.project_id = ${qualified(doeProject.id)})`,
  createdBy: name(doeProject.createdBy),
  createdAt: doeProject.createdAt,
  updatedAt: doeProject.updatedAt,
};
/** The columns behind the keys the project list declares (contracts: `projectList`). */
const list = listColumns(projectList, {
  filters: {
    name: doeProject.name,
    code: doeProject.code,
    status: doeProject.status,
    teamId: doeProject.teamId,
    startDate: doeProject.startDate,
    endDate: doeProject.endDate,
    createdAt: doeProject.createdAt,
  },
  sort: {
    name: doeProject.name,
    code: doeProject.code,
    startDate: doeProject.startDate,
    endDate: doeProject.endDate,
    status: doeProject.status,
    createdAt: doeProject.createdAt,
    updatedAt: doeProject.updatedAt,
  },
});

const present = (r: { createdAt: Date; updatedAt: Date } & Omit<ProjectRow, 'createdAt' | 'updatedAt'>): ProjectRow => ({
  ...r,
  memberCount: Number(r.memberCount),
  experimentCount: Number(r.experimentCount),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const isMine = (ctx: RequestContext) =>
  or(
    eq(doeProject.leaderId, ctx.userId),
    exists(sql`(select 1 from doe_project_member m where m.project_id = ${qualified(doeProject.id)} and m.user_id = ${ctx.userId})`),
  );

export async function listProjects(db: DbOrTx, ctx: RequestContext, q: PageParsed) {
  const where = and(
    inCrop(doeProject, ctx),
    q.status ? eq(doeProject.status, q.status) : undefined,
    q.teamId ? eq(doeProject.teamId, q.teamId) : undefined,
    q.mine === 'true' ? isMine(ctx) : undefined,
    q.keyword ? or(ilike(doeProject.name, likePattern(q.keyword)), ilike(doeProject.code, likePattern(q.keyword))) : undefined,
    filterConditions(q.filters, list.filters),
  );
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select(columns)
    .from(doeProject)
    .where(where)
    .orderBy(...orderBy(q, list.sortable, [desc(doeProject.updatedAt)], doeProject.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(doeProject).where(where);
  return { rows: rows.map(present), total: Number(total) };
}

export async function getProject(db: DbOrTx, ctx: RequestContext, id: number): Promise<ProjectRow> {
  const [row] = await db
    .select(columns)
    .from(doeProject)
    .where(and(inCrop(doeProject, ctx), eq(doeProject.id, id)));
  if (!row) throw notFound();
  return present(row);
}

/** The project an experiment or list is filed under: of the current crop and enabled. */
export async function requireUsableProject(db: DbOrTx, ctx: RequestContext, id: number | null): Promise<void> {
  if (id === null) return;
  const [row] = await db
    .select({ name: doeProject.name, status: doeProject.status })
    .from(doeProject)
    .where(and(inCrop(doeProject, ctx), eq(doeProject.id, id)));
  if (!row) throw notFound();
  if (row.status !== 'enabled') throw new AppError(400, 'DOE_PROJECT_DISABLED', { name: row.name });
}

async function requireTeam(db: DbOrTx, ctx: RequestContext, teamId: number | null) {
  if (teamId === null) return;
  const [row] = await db
    .select({ id: doeTeam.id })
    .from(doeTeam)
    .where(and(inOrg(doeTeam, ctx), eq(doeTeam.id, teamId)));
  if (!row) throw notFound();
}

async function guardCode<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'doe_project_org_code_uq')) throw conflict('DOE_PROJECT_CODE_EXISTS', { code });
    throw err;
  }
}

const pick = (i: Omit<ProjectInput, 'members'>) => ({
  name: i.name,
  code: i.code,
  teamId: i.teamId,
  leaderId: i.leaderId,
  startDate: i.startDate,
  endDate: i.endDate,
  description: i.description,
});

async function writeMembers(tx: DbOrTx, projectId: number, members: { userId: number; role: 'leader' | 'member' }[]) {
  await tx.delete(doeProjectMember).where(eq(doeProjectMember.projectId, projectId));
  if (members.length) await tx.insert(doeProjectMember).values(members.map((m) => ({ projectId, userId: m.userId, role: m.role })));
}

export async function createProject(db: DbOrTx, ctx: RequestContext, input: ProjectInput): Promise<ProjectRow> {
  const cropId = requireCropWrite(ctx);
  const members = normaliseMembers(input.members, input.leaderId);
  await requireTeam(db, ctx, input.teamId);
  await requireOrgUsers(
    db,
    ctx,
    members.map((m) => m.userId),
  );
  const id = await db.transaction(async (tx) => {
    const [row] = await guardCode(input.code, () =>
      tx
        .insert(doeProject)
        .values({ ...pick(input), cropId, ...createdStamp(ctx) })
        .returning({ id: doeProject.id }),
    );
    await writeMembers(tx, row.id, members);
    return row.id;
  });
  return getProject(db, ctx, id);
}

export async function updateProject(db: DbOrTx, ctx: RequestContext, input: UpdateParsed): Promise<ProjectRow> {
  requireCropWrite(ctx);
  await requireTeam(db, ctx, input.teamId);
  await requireOrgUsers(db, ctx, [input.leaderId]);
  await db.transaction(async (tx) => {
    const rows = await guardCode(input.code, () =>
      tx
        .update(doeProject)
        .set({ ...pick(input), ...updatedStamp(ctx) })
        .where(and(inCrop(doeProject, ctx), eq(doeProject.id, input.id)))
        .returning({ id: doeProject.id }),
    );
    if (!rows.length) throw notFound();
    if (input.leaderId !== null) {
      await tx
        .insert(doeProjectMember)
        .values({ projectId: input.id, userId: input.leaderId, role: 'leader' })
        .onConflictDoUpdate({ target: [doeProjectMember.projectId, doeProjectMember.userId], set: { role: 'leader' } });
    }
  });
  return getProject(db, ctx, input.id);
}

export async function setProjectStatus(db: DbOrTx, ctx: RequestContext, input: StatusUpdate): Promise<number> {
  requireCropWrite(ctx);
  const ids = [...new Set(input.ids)];
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(doeProject)
      .set({ status: input.status, ...updatedStamp(ctx) })
      .where(and(inCrop(doeProject, ctx), inArray(doeProject.id, ids)))
      .returning({ id: doeProject.id });
    if (rows.length !== ids.length) throw notFound();
    return rows.length;
  });
}

export async function deleteProject(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  requireCropWrite(ctx);
  const project = await getProject(db, ctx, id);
  const [{ n }] = await db.select({ n: count() }).from(doeExperiment).where(eq(doeExperiment.projectId, id));
  if (Number(n) > 0) throw conflict('DOE_PROJECT_IN_USE', { name: project.name, count: Number(n) });
  await db.delete(doeProject).where(and(inCrop(doeProject, ctx), eq(doeProject.id, id)));
}

export async function projectMembers(db: DbOrTx, ctx: RequestContext, id: number): Promise<MemberRow[]> {
  await getProject(db, ctx, id);
  const rows = await db
    .select({
      userId: doeProjectMember.userId,
      username: sysUser.username,
      nickName: sysUser.nickName,
      role: doeProjectMember.role,
      joinedAt: doeProjectMember.joinedAt,
    })
    .from(doeProjectMember)
    .innerJoin(sysUser, eq(sysUser.id, doeProjectMember.userId))
    .where(eq(doeProjectMember.projectId, id))
    .orderBy(desc(sql`${doeProjectMember.role} = 'leader'`), asc(sysUser.username));
  return rows.map((r) => ({ ...r, joinedAt: r.joinedAt.toISOString() }));
}

export async function setProjectMembers(db: DbOrTx, ctx: RequestContext, input: MembersParsed): Promise<MemberRow[]> {
  requireCropWrite(ctx);
  const project = await getProject(db, ctx, input.id);
  const members = normaliseMembers(input.members, project.leaderId);
  await requireOrgUsers(
    db,
    ctx,
    members.map((m) => m.userId),
  );
  await db.transaction(async (tx) => {
    await writeMembers(tx, input.id, members);
    await tx.update(doeProject).set(updatedStamp(ctx)).where(eq(doeProject.id, input.id));
  });
  return projectMembers(db, ctx, input.id);
}

/** The project selector: enabled projects of the current crop, the caller's own first. */
export async function projectOptions(db: DbOrTx, ctx: RequestContext, q: { keyword?: string; limit: number }): Promise<ProjectOption[]> {
  const mine = sql<boolean>`coalesce(${isMine(ctx)}, false)`;
  const search = keywordSearch(q.keyword, [doeProject.name, doeProject.code]);
  return db
    .select({ id: doeProject.id, name: doeProject.name, code: doeProject.code, mine })
    .from(doeProject)
    .where(and(inCrop(doeProject, ctx), eq(doeProject.status, 'enabled'), search.where))
    .orderBy(...search.rank, desc(mine), desc(doeProject.updatedAt), asc(doeProject.id))
    .limit(q.limit);
}
