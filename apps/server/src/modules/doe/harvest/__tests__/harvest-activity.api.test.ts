import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipartBody, waitForTask, type TestApp } from '../../../../test/harness';

let t: TestApp;
let admin: string;
let expId: number;
let fieldId: number;
const en = { 'accept-language': 'en' };
const call = (method: string, url: string, body?: unknown) => t.call(method, `/api/doe/api${url}`, { token: admin, body, headers: en });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const locationId = (await call('POST', '/location/create', { name: 'Harvest station', code: 'HS-1' })).body.data.id;
  fieldId = (await call('POST', '/field/create', { locationId, name: 'H', code: 'H1', type: 1, rows: 6, cols: 5 })).body.data.id;
  expId = (
    await call('POST', '/experiment/create', {
      name: 'To harvest',
      code: 'HV-01',
      year: 2026,
      season: 'autumn',
      designMethod: 'rcbd',
      reps: 2,
      projectId: (await call('POST', '/project/create', { name: 'Harvests', code: 'HV-P' })).body.data.id,
      locationId,
      fieldId,
    })
  ).body.data.id;
  const entries = [
    ...Array.from({ length: 12 }, (_, i) => ({ entryNo: i + 1, name: `L${i + 1}`, generation: i % 2 ? 'F4' : 'BC1F2', pedigree: 'A/B' })),
    { entryNo: 13, name: 'Check', type: 'check' },
  ];
  await call('PUT', '/experiment/entries', { id: expId, entries });
  const body = { id: expId, planName: 'RCBD', designMethod: 'rcbd', reps: 2, rows: 6, cols: 5, filler: 'Guard', seed: 7 };
  await waitForTask(t, admin, (await call('POST', '/experiment/design', body)).body.data.taskId);
});
afterAll(() => t.close());

describe('harvest lists', () => {
  it('are generated only for finished experiments', async () => {
    const res = await call('POST', '/harvest/generate', { experimentId: expId, name: 'Too early' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      errorCode: 'DOE_HARVEST_STATE',
      msg: 'Only a finished experiment can have a harvest list generated; this one is designed',
    });
  });

  it('run as a job: one line per plot, generation advanced, and the experiment becomes harvested', async () => {
    await call('PUT', '/experiment/status', { id: expId, action: 'finish' });
    const started = await call('POST', '/harvest/generate', { experimentId: expId, name: 'Autumn harvest', harvestType: 'ear', harvestDate: '2026-10-01' });
    const task = await waitForTask(t, admin, started.body.data.taskId);
    expect(task).toMatchObject({ status: 'succeeded', result: { entries: 24 } });
    const logs = await t.call('GET', '/api/doe/api/common/logs', { token: admin, query: { taskId: task.id } });
    expect(logs.body.data.map((l: { message: string }) => l.message).join('\n')).toContain('24 harvest lines');
    expect((await call('GET', `/experiment/detail/${expId}`)).body.data.status).toBe('harvested');
    const list = (await call('GET', `/harvest/page?experimentId=${expId}`)).body.rows[0];
    expect(list).toMatchObject({ name: 'Autumn harvest', harvestType: 'ear', entryCount: 24, experimentCode: 'HV-01' });
    const lines = (await t.call('GET', `/api/doe/api/harvest/entries?listId=${list.id}&pageSize=200`, { token: admin })).body.rows;
    expect(lines.every((l: { harvestNumber: string; plotNumber: number }) => l.harvestNumber === `HV-01-${l.plotNumber}`)).toBe(true);
    expect(new Set(lines.map((l: { generation: string }) => l.generation))).toEqual(new Set(['F5', 'BC1F3']));
    expect(lines.some((l: { materialName: string }) => l.materialName === 'Check')).toBe(false);

    const weighed = await call('PUT', '/harvest/entries', {
      id: list.id,
      entries: [
        { id: lines[0].id, weight: 512.5, seedCount: 1800 },
        { id: lines[1].id, weight: 480 },
      ],
    });
    expect(weighed.body.data.updated).toBe(2);
    const summary = (await t.call('GET', `/api/doe/api/harvest/entries?listId=${list.id}`, { token: admin })).body.summary;
    expect(summary).toEqual({ weight: 992.5, seedCount: 1800 });
    const foreign = await call('PUT', '/harvest/entries', { id: list.id, entries: [{ id: 99999999, weight: 1 }] });
    expect(foreign.status).toBe(404);

    const xlsx = await t.app.inject({ method: 'GET', url: `/api/doe/api/harvest/export/${list.id}`, headers: { token: admin, ...en } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as never);
    expect(wb.worksheets[0].rowCount).toBe(25);

    // A second list (e.g. checks kept for seed) is allowed on a harvested experiment.
    const again = await call('POST', '/harvest/generate', { experimentId: expId, name: 'Checks', includeChecks: true, advanceGeneration: false, prefix: 'CK' });
    expect((await waitForTask(t, admin, again.body.data.taskId)).result.entries).toBe(26);
  });

  it('an experiment group takes the chosen entries', async () => {
    const group = await call('POST', '/entryGroup/fromExperiment', { experimentId: expId, name: 'Selected', entryNos: [2, 4] });
    expect(group.body.data).toMatchObject({ type: 'experiment', experimentName: 'To harvest', memberCount: 2 });
    expect(group.body.data.members.map((m: { source: string }) => m.source)).toEqual(['HV-01#2', 'HV-01#4']);
    const all = await call('POST', '/entryGroup/fromExperiment', { experimentId: expId, name: 'All tests' });
    expect(all.body.data.memberCount).toBe(12);
    expect((await call('POST', '/entryGroup/fromExperiment', { experimentId: expId, name: 'X', entryNos: [99] })).status).toBe(404);
  });
});

describe('activities', () => {
  it('categories have unique names; disabled ones take no new records; used ones stay', async () => {
    const c = await call('POST', '/activityCategory/create', { name: 'Irrigation', color: '#1677FF', sort: 3 });
    expect(c.body.data).toMatchObject({ name: 'Irrigation', color: '#1677ff', status: 'enabled', recordCount: 0 });
    expect((await call('POST', '/activityCategory/create', { name: 'Irrigation' })).body.errorCode).toBe('DOE_ACTIVITY_CATEGORY_EXISTS');
    expect((await call('POST', '/activityCategory/create', { name: 'Bad colour', color: 'blue' })).body.errors[0]).toMatchObject({
      field: 'color',
      rule: 'format',
    });
    const rec = await call('POST', '/activityRecord/create', {
      categoryId: c.body.data.id,
      experimentId: expId,
      fieldId,
      activityDate: '2026-06-01 08:00:00',
      title: 'Drip 20 mm',
      operator: 'Li',
      cost: 120,
    });
    expect(rec.body.data).toMatchObject({ categoryName: 'Irrigation', experimentName: 'To harvest', activityDate: '2026-06-01', cost: 120, files: [] });
    await call('PUT', '/activityCategory/status', { ids: [c.body.data.id], status: 'disabled' });
    const refused = await call('POST', '/activityRecord/create', { categoryId: c.body.data.id, activityDate: '2026-06-02', title: 'More' });
    expect(refused.body).toMatchObject({ errorCode: 'DOE_ACTIVITY_CATEGORY_DISABLED' });
    expect((await call('DELETE', `/activityCategory/${c.body.data.id}`)).body.errorCode).toBe('DOE_ACTIVITY_CATEGORY_IN_USE');
  });

  it('records carry attachments of the organisation and total their cost', async () => {
    const cat = (await call('POST', '/activityCategory/create', { name: 'Spraying' })).body.data.id;
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const { payload, headers } = multipartBody({ kind: 'image', businessType: 'doe.activity' }, { name: 'field.png', content: png, type: 'image/png' });
    const up = await t.app.inject({ method: 'POST', url: '/api/common/upload', payload, headers: { ...headers, token: admin } });
    const fileId = up.json().data.fileId;
    const rec = await call('POST', '/activityRecord/create', { categoryId: cat, activityDate: '2026-07-01', title: 'Fungicide', cost: 80, fileIds: [fileId] });
    expect(rec.body.data.files).toEqual([{ fileId, fileName: expect.stringContaining('.png'), fileUrl: expect.stringContaining('/api/common/download/') }]);
    const missing = await call('POST', '/activityRecord/create', {
      categoryId: cat,
      activityDate: '2026-07-01',
      title: 'X',
      fileIds: ['00000000-0000-0000-0000-000000000000'],
    });
    expect(missing.body).toMatchObject({ errorCode: 'DOE_FILE_NOT_FOUND' });
    const page = await t.call('GET', `/api/doe/api/activityRecord/page?categoryId=${cat}`, { token: admin });
    expect(page.body.summary).toEqual({ cost: 80 });
    const bad = await call('POST', '/activityRecord/create', { categoryId: cat, activityDate: '2026-13-01', title: 'X' });
    expect(bad.body.errors[0]).toMatchObject({ field: 'activityDate', rule: 'format' });
  });

  it('categories carry a Chinese and an English name; lists and records answer in the language of the caller (issue 14 item 11)', async () => {
    // The seeded categories exist in both languages.
    const zh = await t.call('GET', '/api/doe/api/activityCategory/page', { token: admin, query: { pageSize: 50 }, headers: { 'accept-language': 'zh-CN' } });
    const seeded = zh.body.rows.find((r: { name: string }) => r.name === '播种');
    expect(seeded).toMatchObject({ name: '播种', nameEn: 'Sowing', label: '播种' });
    const enPage = await call('GET', '/activityCategory/page?pageSize=50');
    expect(enPage.body.rows.find((r: { id: number }) => r.id === seeded.id)).toMatchObject({ name: '播种', nameEn: 'Sowing', label: 'Sowing' });
    for (const r of enPage.body.rows.filter((x: { name: string }) => ['播种', '施肥', '灌溉', '植保', '田间调查', '收获'].includes(x.name)))
      expect(r.label, r.name).toMatch(/^[A-Z][a-z ]+$/);

    const c = await call('POST', '/activityCategory/create', { name: '中耕', nameEn: ' Cultivation ' });
    expect(c.body.data).toMatchObject({ name: '中耕', nameEn: 'Cultivation', label: 'Cultivation' });
    const rec = await call('POST', '/activityRecord/create', { categoryId: c.body.data.id, activityDate: '2026-06-05', title: 'Between rows' });
    expect(rec.body.data.categoryName).toBe('Cultivation');
    const recZh = await t.call('GET', `/api/doe/api/activityRecord/detail/${rec.body.data.id}`, { token: admin, headers: { 'accept-language': 'zh-CN' } });
    expect(recZh.body.data.categoryName).toBe('中耕');
    // The keyword finds a category by either name.
    const found = await call('GET', '/activityCategory/page?keyword=cultiv');
    expect(found.body.rows.map((r: { name: string }) => r.name)).toEqual(['中耕']);
    // Without an English name, English falls back to the Chinese one; too long a name is refused by its label.
    const plain = await call('POST', '/activityCategory/create', { name: '培土' });
    expect(plain.body.data).toMatchObject({ nameEn: null, label: '培土' });
    const long = await call('POST', '/activityCategory/create', { name: '长名', nameEn: 'x'.repeat(51) });
    expect(long.status).toBe(400);
    expect(long.body.errors[0]).toMatchObject({ field: 'nameEn' });
    expect(long.body.errors[0].message).toContain('English name');
  });
});
