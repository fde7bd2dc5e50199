import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  teamList,
  type MemberRow,
  type MembersUpdate,
  type StatusUpdate,
  type TeamInput,
  type TeamPageQuery,
  type TeamRow,
  type TeamUpdate,
  type UserOption,
} from '@breedwise/contracts/doe';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { requireOrg, type RequestContext } from '../../../platform/context';
import { conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { filterConditions, listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow, keywordSearch } from '../../../platform/pagination';
import { createdStamp, inOrg, updatedStamp } from '../../../platform/tenant';
import { sysUser, sysUserOrg } from '../../system';
import { doeProject } from '../project/project.tables';
import { normaliseMembers, requireOrgUsers, qualified } from '../shared';
import { doeTeam, doeTeamMember } from './team.tables';

type PageParsed = z.output<typeof TeamPageQuery>;
type UpdateParsed = z.output<typeof TeamUpdate>;
type MembersParsed = z.output<typeof MembersUpdate>;

const leader = sql<string | null>`(select coalesce(u.nick_name, u.username) from sys_user u where u.id = ${qualified(doeTeam.leaderId)})`;
const creator = sql<string | null>`(select coalesce(u.nick_name, u.username) from sys_user u where u.id = ${qualified(doeTeam.createdBy)})`;
const memberCount = sql<number>`(select count(*)::int from doe_team_member m where m.team_id = ${qualified(doeTeam.id)})`;
const projectCount = sql<number>`(select count(*)::int from doe_project p where p.team_id = ${qualified(doeTeam.id)})`;

const columns = {
  id: doeTeam.id,
  name: doeTeam.name,
  leaderId: doeTeam.leaderId,
  leaderName: leader,
  description: doeTeam.description,
  status: doeTeam.status,
  memberCount,
  projectCount,
  createdBy: creator,
  createdAt: doeTeam.createdAt,
  updatedAt: doeTeam.updatedAt,
};
const list = listColumns(teamList, {
  filters: { name: doeTeam.name, description: doeTeam.description, status: doeTeam.status, createdAt: doeTeam.createdAt },
  sort: { name: doeTeam.name, status: doeTeam.status, createdAt: doeTeam.createdAt, updatedAt: doeTeam.updatedAt },
});

const present = (r: { createdAt: Date; updatedAt: Date } & Omit<TeamRow, 'createdAt' | 'updatedAt'>): TeamRow => ({
  ...r,
  memberCount: Number(r.memberCount),
  projectCount: Number(r.projectCount),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function listTeams(db: DbOrTx, ctx: RequestContext, q: PageParsed) {
  const where = and(
    inOrg(doeTeam, ctx),
    q.status ? eq(doeTeam.status, q.status) : undefined,
    q.keyword ? or(ilike(doeTeam.name, likePattern(q.keyword)), ilike(doeTeam.description, likePattern(q.keyword))) : undefined,
    filterConditions(q.filters, list.filters),
  );
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select(columns)
    .from(doeTeam)
    .where(where)
    .orderBy(...orderBy(q, list.sortable, [desc(doeTeam.updatedAt)], doeTeam.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(doeTeam).where(where);
  return { rows: rows.map(present), total: Number(total) };
}

export async function getTeam(db: DbOrTx, ctx: RequestContext, id: number): Promise<TeamRow> {
  const [row] = await db
    .select(columns)
    .from(doeTeam)
    .where(and(inOrg(doeTeam, ctx), eq(doeTeam.id, id)));
  if (!row) throw notFound();
  return present(row);
}

async function guardName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'doe_team_org_name_uq')) throw conflict('DOE_TEAM_NAME_EXISTS', { name });
    throw err;
  }
}

async function writeMembers(tx: DbOrTx, teamId: number, members: { userId: number; role: 'leader' | 'member' }[]) {
  await tx.delete(doeTeamMember).where(eq(doeTeamMember.teamId, teamId));
  if (members.length) await tx.insert(doeTeamMember).values(members.map((m) => ({ teamId, userId: m.userId, role: m.role })));
}

/** Creates a team with its members (the leader among them) in one transaction. */
export async function createTeam(db: DbOrTx, ctx: RequestContext, input: TeamInput): Promise<TeamRow> {
  const members = normaliseMembers(input.members, input.leaderId);
  await requireOrgUsers(db, ctx, [input.leaderId, ...members.map((m) => m.userId)]);
  const id = await db.transaction(async (tx) => {
    const [row] = await guardName(input.name, () =>
      tx
        .insert(doeTeam)
        .values({ name: input.name, leaderId: input.leaderId, description: input.description, ...createdStamp(ctx) })
        .returning({ id: doeTeam.id }),
    );
    await writeMembers(tx, row.id, members);
    return row.id;
  });
  return getTeam(db, ctx, id);
}

export async function updateTeam(db: DbOrTx, ctx: RequestContext, input: UpdateParsed): Promise<TeamRow> {
  await requireOrgUsers(db, ctx, [input.leaderId]);
  await db.transaction(async (tx) => {
    const rows = await guardName(input.name, () =>
      tx
        .update(doeTeam)
        .set({ name: input.name, leaderId: input.leaderId, description: input.description, ...updatedStamp(ctx) })
        .where(and(inOrg(doeTeam, ctx), eq(doeTeam.id, input.id)))
        .returning({ id: doeTeam.id }),
    );
    if (!rows.length) throw notFound();
    if (input.leaderId !== null) {
      await tx
        .insert(doeTeamMember)
        .values({ teamId: input.id, userId: input.leaderId, role: 'leader' })
        .onConflictDoUpdate({ target: [doeTeamMember.teamId, doeTeamMember.userId], set: { role: 'leader' } });
    }
  });
  return getTeam(db, ctx, input.id);
}

export async function setTeamStatus(db: DbOrTx, ctx: RequestContext, input: StatusUpdate): Promise<number> {
  const ids = [...new Set(input.ids)];
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(doeTeam)
      .set({ status: input.status, ...updatedStamp(ctx) })
      .where(and(inOrg(doeTeam, ctx), inArray(doeTeam.id, ids)))
      .returning({ id: doeTeam.id });
    if (rows.length !== ids.length) throw notFound();
    return rows.length;
  });
}

/** A team with projects stays: its projects would lose their team. */
export async function deleteTeam(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  const team = await getTeam(db, ctx, id);
  const [{ n }] = await db.select({ n: count() }).from(doeProject).where(eq(doeProject.teamId, id));
  if (Number(n) > 0) throw conflict('DOE_TEAM_IN_USE', { name: team.name, count: Number(n) });
  await db.delete(doeTeam).where(and(inOrg(doeTeam, ctx), eq(doeTeam.id, id)));
}

export async function teamMembers(db: DbOrTx, ctx: RequestContext, id: number): Promise<MemberRow[]> {
  await getTeam(db, ctx, id);
  const rows = await db
    .select({
      userId: doeTeamMember.userId,
      username: sysUser.username,
      nickName: sysUser.nickName,
      role: doeTeamMember.role,
      joinedAt: doeTeamMember.joinedAt,
    })
    .from(doeTeamMember)
    .innerJoin(sysUser, eq(sysUser.id, doeTeamMember.userId))
    .where(eq(doeTeamMember.teamId, id))
    .orderBy(desc(sql`${doeTeamMember.role} = 'leader'`), asc(sysUser.username));
  return rows.map((r) => ({ ...r, joinedAt: r.joinedAt.toISOString() }));
}

/** Replaces the members; the team's leader stays a leader member. */
export async function setTeamMembers(db: DbOrTx, ctx: RequestContext, input: MembersParsed): Promise<MemberRow[]> {
  const team = await getTeam(db, ctx, input.id);
  const members = normaliseMembers(input.members, team.leaderId);
  await requireOrgUsers(
    db,
    ctx,
    members.map((m) => m.userId),
  );
  await db.transaction(async (tx) => {
    await writeMembers(tx, input.id, members);
    await tx.update(doeTeam).set(updatedStamp(ctx)).where(eq(doeTeam.id, input.id));
  });
  return teamMembers(db, ctx, input.id);
}

/** Users of the organisation for member and leader pickers. */
export async function userOptions(db: DbOrTx, ctx: RequestContext, q: { keyword?: string; limit: number }): Promise<UserOption[]> {
  const search = keywordSearch(q.keyword, [sysUser.username, sysUser.nickName]);
  return db
    .select({ id: sysUser.id, username: sysUser.username, nickName: sysUser.nickName })
    .from(sysUser)
    .innerJoin(sysUserOrg, eq(sysUserOrg.userId, sysUser.id))
    .where(and(eq(sysUserOrg.orgId, requireOrg(ctx)), search.where))
    .orderBy(...search.rank, asc(sysUser.username))
    .limit(q.limit);
}
