import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { moduleApis } from '@breedwise/contracts/apis';
import { auditActionLabel } from '@breedwise/contracts/system';
import { createTestApp, multipartBody, waitForTask, type TestApp } from '../../../test/harness';
import { audited } from '../../../platform/endpoints';
import { sysAuditLog } from '../audit.tables';

let t: TestApp;
let admin: string;
const doe = '/api/doe/api';
const germ = '/api/germ/api/germplasm';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const records = (action: string) => t.db.select().from(sysAuditLog).where(eq(sysAuditLog.action, action)).orderBy(desc(sysAuditLog.id));
const one = async (action: string, targetId: string | number) => {
  const rows = await t.db
    .select()
    .from(sysAuditLog)
    .where(and(eq(sysAuditLog.action, action), eq(sysAuditLog.targetId, String(targetId))));
  expect(rows, `${action} ${targetId}`).toHaveLength(1);
  return rows[0];
};

describe('operation log: one hook over the endpoint definitions', () => {
  it('records a create, an update with the record before and after, and a delete', async () => {
    const created = await t.call('POST', `${doe}/location/create`, { token: admin, body: { name: 'Audit station', code: 'AUD-1', city: 'Jinan' } });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    const create = await one('doe.location.create', id);
    expect(create).toMatchObject({ username: 'admin', targetType: 'location', result: 'success' });
    expect(create.detail).toMatchObject({ name: 'Audit station', after: { code: 'AUD-1', city: 'Jinan' } });

    const updated = await t.call('PUT', `${doe}/location/update`, { token: admin, body: { ...created.body.data, city: 'Tai’an' } });
    expect(updated.status).toBe(200);
    const update = await one('doe.location.update', id);
    expect(update.detail).toMatchObject({ before: { city: 'Jinan' }, after: { city: 'Tai’an' } });

    expect((await t.call('DELETE', `${doe}/location/${id}`, { token: admin })).status).toBe(200);
    const remove = await one('doe.location.remove', id);
    expect(remove.detail).toMatchObject({ before: { code: 'AUD-1' } });
    expect(remove.detail).not.toHaveProperty('after');
  });

  it('records experiment create and design, germplasm registration, an import and an export', async () => {
    const loc = await t.call('POST', `${doe}/location/create`, { token: admin, body: { name: 'Audit farm', code: 'AUD-2' } });
    const field = await t.call('POST', `${doe}/field/create`, {
      token: admin,
      body: { locationId: loc.body.data.id, name: 'Audit field', code: 'AF1', type: 1, rows: 8, cols: 8, length: 40, width: 40, tiers: 1, plantRowsPerPlot: 2 },
    });
    const project = await t.call('POST', `${doe}/project/create`, { token: admin, body: { name: 'Audit project', code: 'AUD-P' } });
    const exp = await t.call('POST', `${doe}/experiment/create`, {
      token: admin,
      body: {
        name: 'Audit RCB',
        year: 2026,
        season: 'spring',
        designMethod: 'rcbd',
        reps: 2,
        projectId: project.body.data.id,
        locationId: loc.body.data.id,
        fieldId: field.body.data.id,
      },
    });
    expect(exp.status, JSON.stringify(exp.body)).toBe(200);
    const expId = exp.body.data.id;
    expect((await one('doe.experiment.create', expId)).detail).toMatchObject({ after: { name: 'Audit RCB', status: 'temporary' } });
    const entries = Array.from({ length: 6 }, (_, i) => ({ entryNo: i + 1, name: `AUD${i + 1}`, type: i === 5 ? 'check' : 'test' }));
    expect((await t.call('PUT', `${doe}/experiment/entries`, { token: admin, body: { id: expId, entries } })).status).toBe(200);
    const preview = await t.call('POST', `${doe}/experiment/preview`, {
      token: admin,
      body: { id: expId, planName: 'Audit plan', designMethod: 'rcbd', reps: 2, rows: 4, cols: 3 },
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(await records('doe.experiment.preview')).toHaveLength(0);
    const design = await t.call('POST', `${doe}/experiment/design`, {
      token: admin,
      body: { id: expId, planName: 'Audit plan', designMethod: 'rcbd', reps: 2, rows: 4, cols: 3, seed: preview.body.data.seed },
    });
    expect(design.status).toBe(200);
    await waitForTask(t, admin, design.body.data.taskId);
    const designed = await one('doe.experiment.design', expId);
    expect(designed.detail).toMatchObject({ taskId: design.body.data.taskId, input: { designMethod: 'rcbd', reps: 2 } });

    const g = await t.call('POST', `${germ}/create`, { token: admin, body: { accessionNo: 'AUD-G1', name: 'Audit line', type: 'inbred' } });
    expect(g.status).toBe(200);
    expect((await one('germ.germplasm.create', g.body.data.id)).detail).toMatchObject({ name: 'Audit line', after: { accessionNo: 'AUD-G1' } });

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('x');
    ws.addRow(['种质编号*', '名称*', '类型*']);
    ws.addRow(['AUD-G2', 'Audit two', 'inbred']);
    const { payload, headers } = multipartBody({ mode: 'all' }, { name: 'audit.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) });
    const imp = await t.app.inject({ method: 'POST', url: `${germ}/import`, headers: { ...headers, token: admin }, payload });
    expect(imp.statusCode).toBe(200);
    const [imported] = await records('germ.germplasm.import');
    expect(imported.detail).toMatchObject({ taskId: imp.json().data.taskId });

    const exp2 = await t.app.inject({ method: 'GET', url: `${germ}/export?keyword=AUD`, headers: { token: admin } });
    expect(exp2.statusCode).toBe(200);
    // An export streams its file: its record may land just after the answer.
    await expect.poll(async () => (await records('germ.germplasm.export')).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const [exported] = await records('germ.germplasm.export');
    expect(exported.detail).toMatchObject({ input: { keyword: 'AUD' } });
  });

  it('writes the line inside the business transaction: a change never commits without it (issue 14 item 12)', async () => {
    // The process "dies" right after the handler returns: the completion after the call never runs.
    const real = t.app.endpointAuditor!;
    t.app.endpointAuditor = Object.assign(async () => undefined, { draft: real.draft });
    try {
      const created = await t.call('POST', `${doe}/project/create`, { token: admin, body: { name: 'Crash project', code: 'AUD-TX', startDate: '2026-03-01' } });
      expect(created.status).toBe(200);
      const lines = (await records('doe.project.create')).filter((r) => (r.detail as { name?: string }).name === 'Crash project');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ username: 'admin', targetType: 'project', result: 'success' });
      expect(lines[0].detail).toMatchObject({ input: { code: 'AUD-TX', startDate: '2026-03-01' } });

      const id = created.body.data.id;
      const updated = await t.call('PUT', `${doe}/project/update`, { token: admin, body: { ...created.body.data, name: 'Crash project 2' } });
      expect(updated.status).toBe(200);
      const update = await one('doe.project.update', id);
      expect(update.detail).toMatchObject({ before: { name: 'Crash project' }, input: { name: 'Crash project 2' } });
    } finally {
      t.app.endpointAuditor = real;
    }
    // A refused change leaves no line: the line rolls back with it (the code exists: refused in the transaction).
    const before = (await records('doe.project.create')).length;
    const again = await t.call('POST', `${doe}/project/create`, { token: admin, body: { name: 'Crash project', code: 'AUD-TX' } });
    expect(again.status).toBe(409);
    expect(await records('doe.project.create')).toHaveLength(before);
    // With the completion running, the line holds the record after the call and no input of a create.
    const normal = await t.call('POST', `${doe}/project/create`, { token: admin, body: { name: 'Calm project', code: 'AUD-TX2' } });
    const line = await one('doe.project.create', normal.body.data.id);
    expect(line.detail).toMatchObject({ name: 'Calm project', after: { code: 'AUD-TX2' } });
    expect(line.detail).not.toHaveProperty('input');
  });

  it('does not record a service’s action twice, nor reads', async () => {
    const before = (await records('system.dept.create')).length;
    const dept = await t.call('POST', '/system/dept', { token: admin, body: { name: 'Audit dept', parentId: null } });
    if (dept.status === 200) expect((await records('system.dept.create')).length).toBe(before + 1);
    await t.call('GET', `${doe}/location/page`, { token: admin });
    expect(await records('doe.location.page')).toHaveLength(0);
  });

  it('names every audited action in both languages', () => {
    const unnamed: string[] = [];
    for (const api of moduleApis)
      for (const res of Object.values(api.resources))
        for (const e of Object.values(res)) {
          if (!audited(e)) continue;
          for (const locale of ['zh-CN', 'en'] as const) if (auditActionLabel(e.id, locale) === e.id) unnamed.push(`${e.id} ${locale}`);
        }
    expect(unnamed).toEqual([]);
    expect(auditActionLabel('doe.experiment.create', 'zh-CN')).toBe('新建试验');
    expect(auditActionLabel('doe.experiment.design', 'en')).toBe('Design experiment');
    expect(auditActionLabel('germ.germplasm.import', 'zh-CN')).toBe('导入种质资源');
  });
});
