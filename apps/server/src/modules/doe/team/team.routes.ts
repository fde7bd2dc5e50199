import type { FastifyInstance } from 'fastify';
import { doeApi } from '@breedwise/contracts/doe';
import { registerEndpoints } from '../../../platform/endpoints';
import { createTeam, deleteTeam, getTeam, listTeams, setTeamMembers, setTeamStatus, teamMembers, updateTeam, userOptions } from './team.service';

/** The team endpoints: handlers of the definitions in `@breedwise/contracts/doe` (team). */
export function teamRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, doeApi.resources.team, {
    page: (req) => listTeams(db, req.ctx, req.query),
    detail: (req) => getTeam(db, req.ctx, req.params.id),
    create: (req) => createTeam(db, req.ctx, req.body),
    update: (req) => updateTeam(db, req.ctx, req.body),
    status: async (req) => ({ updated: await setTeamStatus(db, req.ctx, req.body) }),
    members: (req) => teamMembers(db, req.ctx, req.params.id),
    setMembers: (req) => setTeamMembers(db, req.ctx, req.body),
    userOptions: (req) => userOptions(db, req.ctx, req.query),
    remove: async (req) => {
      await deleteTeam(db, req.ctx, req.params.id);
      return null;
    },
  });
}
