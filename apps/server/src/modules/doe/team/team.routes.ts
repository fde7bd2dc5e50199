import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EmptyEnvelope, Envelope, IdParam, MemberRow, MembersUpdate, OptionQuery, PageEnvelope, Permissions, StatusUpdate, TeamCreate, TeamPageQuery,
  TeamRow, TeamUpdate, UserOption,
} from '@breedwise/contracts';
import { ok, page } from '../../../platform/reply';
import {
  createTeam, deleteTeam, getTeam, listTeams, setTeamMembers, setTeamStatus, teamMembers, updateTeam, userOptions,
} from './team.service';

const P = Permissions.doe;

export async function teamRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const tags = ['doe: teams'];

  r.get('/api/team/page', {
    config: { permission: P.teamList },
    schema: { tags, summary: 'Teams of the organisation, paged and filtered', querystring: TeamPageQuery, response: { 200: PageEnvelope(TeamRow) } },
  }, async (req) => {
    const { rows, total } = await listTeams(db, req.ctx, req.query);
    return page(req, rows, total);
  });

  r.get('/api/team/detail/:id', {
    config: { permission: P.teamList },
    schema: { tags, summary: 'One team', params: IdParam, response: { 200: Envelope(TeamRow) } },
  }, async (req) => ok(req, await getTeam(db, req.ctx, req.params.id)));

  r.post('/api/team/create', {
    config: { permission: P.teamAdd },
    schema: { tags, summary: 'Creates a team with its members; names are unique in the organisation', body: TeamCreate, response: { 200: Envelope(TeamRow) } },
  }, async (req) => ok(req, await createTeam(db, req.ctx, req.body)));

  r.put('/api/team/update', {
    config: { permission: P.teamEdit },
    schema: { tags, summary: 'Updates a team', body: TeamUpdate, response: { 200: Envelope(TeamRow) } },
  }, async (req) => ok(req, await updateTeam(db, req.ctx, req.body)));

  r.put('/api/team/status', {
    config: { permission: P.teamEdit },
    schema: { tags, summary: 'Enables or disables teams (all or none)', body: StatusUpdate, response: { 200: Envelope(z.object({ updated: z.number().int() })) } },
  }, async (req) => ok(req, { updated: await setTeamStatus(db, req.ctx, req.body) }));

  r.get('/api/team/members/:id', {
    config: { permission: P.teamList },
    schema: { tags, summary: 'Members of a team, the leader first', params: IdParam, response: { 200: Envelope(z.array(MemberRow)) } },
  }, async (req) => ok(req, await teamMembers(db, req.ctx, req.params.id)));

  r.put('/api/team/members', {
    config: { permission: P.teamEdit },
    schema: { tags, summary: 'Replaces the members of a team', body: MembersUpdate, response: { 200: Envelope(z.array(MemberRow)) } },
  }, async (req) => ok(req, await setTeamMembers(db, req.ctx, req.body)));

  r.get('/api/team/userOptions', {
    config: { permission: P.teamList },
    schema: { tags, summary: 'Users of the organisation for member and leader pickers', querystring: OptionQuery, response: { 200: Envelope(z.array(UserOption)) } },
  }, async (req) => ok(req, await userOptions(db, req.ctx, req.query)));

  r.delete('/api/team/:id', {
    config: { permission: P.teamRemove },
    schema: { tags, summary: 'Deletes a team without projects', params: IdParam, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await deleteTeam(db, req.ctx, req.params.id);
    return ok(req, null);
  });
}
