import type { FastifyInstance } from 'fastify';
import { licenseApi } from '@breedwise/contracts/license';
import { registerEndpoints } from '../../../platform/endpoints';
import { sourceOf } from '../../audit';
import { createSubject, deleteSubject, getSubject, listSubjects, updateSubject } from './subject.service';

/** The gateway's licence subjects: handlers of the definitions in `@breedwise/contracts/license` (subject). */
export function subjectRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, licenseApi.resources.subject, {
    page: (req) => listSubjects(db, req.query),
    get: (req) => getSubject(db, req.params.id),
    create: (req) => createSubject(db, req.ctx, req.body, sourceOf(req)),
    update: (req) => updateSubject(db, req.body, sourceOf(req)),
    remove: async (req) => {
      await deleteSubject(db, req.params.id, sourceOf(req));
      return null;
    },
  });
}
