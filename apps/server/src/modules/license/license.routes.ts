import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EmptyEnvelope, Envelope, IdParam, LicenseInfo, LicenseInstallBody, LicenseRow, LicenseSave, LicenseSubjectCreate, LicenseSubjectPageQuery,
  LicenseSubjectParam, LicenseSubjectRow, LicenseSubjectUpdate, PageEnvelope, Permissions,
} from '@breedwise/contracts';
import { ok, page } from '../../platform/reply';
import { sourceOf } from '../audit';
import {
  createSubject, deleteSubject, exportLicense, getLicense, getSubject, installLicense, licenseInfo, listSubjects, saveLicense, updateSubject,
} from './license.service';

const P = Permissions;

/** The gateway's licence subjects and licences, mounted at /api/gateway (platform scope). */
export async function gatewayLicenseRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const tags = ['licences'];
  const edit = { permission: P.system.licenseEdit, scope: 'platform' as const };

  r.get('/license/subject/list', {
    config: edit,
    schema: { tags, summary: 'Licence subjects, paged', querystring: LicenseSubjectPageQuery, response: { 200: PageEnvelope(LicenseSubjectRow) } },
  }, async (req) => {
    const { rows, total } = await listSubjects(db, req.query);
    return page(req, rows, total);
  });
  r.get('/license/subject/get/:id', {
    config: edit,
    schema: { tags, summary: 'One licence subject', params: IdParam, response: { 200: Envelope(LicenseSubjectRow) } },
  }, async (req) => ok(req, await getSubject(db, req.params.id)));
  r.post('/license/subject/create', {
    config: edit,
    schema: { tags, summary: 'Creates a licence subject', body: LicenseSubjectCreate, response: { 200: Envelope(LicenseSubjectRow) } },
  }, async (req) => ok(req, await createSubject(db, req.ctx, req.body, sourceOf(req))));
  r.put('/license/subject/update', {
    config: edit,
    schema: { tags, summary: 'Updates a licence subject', body: LicenseSubjectUpdate, response: { 200: Envelope(LicenseSubjectRow) } },
  }, async (req) => ok(req, await updateSubject(db, req.body, sourceOf(req))));
  r.delete('/license/subject/delete/:id', {
    config: edit,
    schema: { tags, summary: 'Deletes a licence subject without licences', params: IdParam, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await deleteSubject(db, req.params.id, sourceOf(req));
    return ok(req, null);
  });

  r.get('/license/get/:subjectId', {
    config: edit,
    schema: { tags, summary: 'The licence of a subject (null when none was issued)', params: LicenseSubjectParam, response: { 200: Envelope(LicenseRow.nullable()) } },
  }, async (req) => ok(req, await getLicense(db, req.params.subjectId)));
  r.post('/license/createOrUpdate', {
    config: edit,
    schema: { tags, summary: 'Issues or changes the licence of a subject', body: LicenseSave, response: { 200: Envelope(LicenseRow) } },
  }, async (req) => ok(req, await saveLicense(db, req.ctx, req.body, sourceOf(req))));
  r.get('/license/export/:subjectId', {
    config: edit,
    schema: { tags, summary: 'The signed licence file (Ed25519) of a subject, as a download', params: LicenseSubjectParam },
  }, async (req, reply) => {
    const { fileName, file } = await exportLicense(db, app.config, req.params.subjectId, sourceOf(req));
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName.replace(/[^A-Za-z0-9_.-]/g, '_')}"`)
      .send(file);
  });
}

/** GET license/info (auth base) and installing a licence file (system). */
export async function licenseInfoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  r.get('/api/license/info', {
    config: { permission: P.licenseView },
    schema: { tags: ['licences'], summary: 'The licence in force: dates, consumer amount and use, status', response: { 200: Envelope(LicenseInfo) } },
  }, async (req) => ok(req, await licenseInfo(db, app.config)));
}

export async function licenseInstallRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  r.post('/license/install', {
    config: { permission: P.system.licenseEdit, scope: 'platform' },
    schema: { tags: ['licences'], summary: 'Installs a signed licence file on this installation', body: LicenseInstallBody, response: { 200: Envelope(LicenseInfo) } },
  }, async (req) => ok(req, await installLicense(db, app.config, req.body.file, req.ctx, sourceOf(req))));
}
