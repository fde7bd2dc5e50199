import type { FastifyInstance } from 'fastify';
import { doeApi } from '@breedwise/contracts/doe';
import { registerEndpoints } from '../../../platform/endpoints';
import { userOptions } from '../team/team.service';
import {
  createProject,
  deleteProject,
  getProject,
  listProjects,
  projectMembers,
  projectOptions,
  setProjectMembers,
  setProjectStatus,
  updateProject,
} from './project.service';

/** The project endpoints: handlers of the definitions in `@breedwise/contracts/doe` (project). */
export function projectRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, doeApi.resources.project, {
    page: (req) => listProjects(db, req.ctx, req.query),
    detail: (req) => getProject(db, req.ctx, req.params.id),
    options: (req) => projectOptions(db, req.ctx, req.query),
    create: (req) => createProject(db, req.ctx, req.body),
    update: (req) => updateProject(db, req.ctx, req.body),
    status: async (req) => ({ updated: await setProjectStatus(db, req.ctx, req.body) }),
    members: (req) => projectMembers(db, req.ctx, req.params.id),
    setMembers: (req) => setProjectMembers(db, req.ctx, req.body),
    userOptions: (req) => userOptions(db, req.ctx, req.query),
    remove: async (req) => {
      await deleteProject(db, req.ctx, req.params.id);
      return null;
    },
  });
}
