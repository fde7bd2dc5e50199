import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EmptyEnvelope, Envelope, IdParam, MemberRow, MembersUpdate, OptionQuery, PageEnvelope, Permissions, ProjectCreate, ProjectOption, ProjectPageQuery,
  ProjectRow, ProjectUpdate, StatusUpdate, UserOption,
} from '@breedwise/contracts';
import { ok, page } from '../../../platform/reply';
import { userOptions } from '../team/team.service';
import {
  createProject, deleteProject, getProject, listProjects, projectMembers, projectOptions, setProjectMembers, setProjectStatus, updateProject,
} from './project.service';

const P = Permissions.doe;

export async function projectRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const tags = ['doe: projects'];

  r.get('/api/project/page', {
    config: { permission: P.projectList },
    schema: { tags, summary: 'Projects of the current crop, paged and filtered', querystring: ProjectPageQuery, response: { 200: PageEnvelope(ProjectRow) } },
  }, async (req) => {
    const { rows, total } = await listProjects(db, req.ctx, req.query);
    return page(req, rows, total);
  });

  r.get('/api/project/detail/:id', {
    config: { permission: P.projectList },
    schema: { tags, summary: 'One project', params: IdParam, response: { 200: Envelope(ProjectRow) } },
  }, async (req) => ok(req, await getProject(db, req.ctx, req.params.id)));

  // Open to every signed-in user: experiments, lists and designs pick their project with it.
  r.get('/api/project/options', {
    schema: { tags, summary: 'The project selector: enabled projects of the current crop, the caller’s first', querystring: OptionQuery, response: { 200: Envelope(z.array(ProjectOption)) } },
  }, async (req) => ok(req, await projectOptions(db, req.ctx, req.query)));

  r.post('/api/project/create', {
    config: { permission: P.projectAdd },
    schema: { tags, summary: 'Creates a project of the current crop with its members; codes are unique in the organisation', body: ProjectCreate, response: { 200: Envelope(ProjectRow) } },
  }, async (req) => ok(req, await createProject(db, req.ctx, req.body)));

  r.put('/api/project/update', {
    config: { permission: P.projectEdit },
    schema: { tags, summary: 'Updates a project', body: ProjectUpdate, response: { 200: Envelope(ProjectRow) } },
  }, async (req) => ok(req, await updateProject(db, req.ctx, req.body)));

  r.put('/api/project/status', {
    config: { permission: P.projectEdit },
    schema: { tags, summary: 'Enables or disables projects (all or none)', body: StatusUpdate, response: { 200: Envelope(z.object({ updated: z.number().int() })) } },
  }, async (req) => ok(req, { updated: await setProjectStatus(db, req.ctx, req.body) }));

  r.get('/api/project/members/:id', {
    config: { permission: P.projectList },
    schema: { tags, summary: 'Members of a project, the leader first', params: IdParam, response: { 200: Envelope(z.array(MemberRow)) } },
  }, async (req) => ok(req, await projectMembers(db, req.ctx, req.params.id)));

  r.put('/api/project/members', {
    config: { permission: P.projectEdit },
    schema: { tags, summary: 'Replaces the members of a project', body: MembersUpdate, response: { 200: Envelope(z.array(MemberRow)) } },
  }, async (req) => ok(req, await setProjectMembers(db, req.ctx, req.body)));

  r.get('/api/project/userOptions', {
    config: { permission: P.projectList },
    schema: { tags, summary: 'Users of the organisation for member and leader pickers', querystring: OptionQuery, response: { 200: Envelope(z.array(UserOption)) } },
  }, async (req) => ok(req, await userOptions(db, req.ctx, req.query)));

  r.delete('/api/project/:id', {
    config: { permission: P.projectRemove },
    schema: { tags, summary: 'Deletes a project without experiments', params: IdParam, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await deleteProject(db, req.ctx, req.params.id);
    return ok(req, null);
  });
}
