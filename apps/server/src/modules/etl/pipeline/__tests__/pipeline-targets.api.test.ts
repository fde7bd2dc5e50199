import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipartBody, waitForTask, type TestApp } from '../../../../test/harness';

let t: TestApp;
let admin: string;
let locationId: number;
let projectId: number;
const en = { 'accept-language': 'en' };
const api = (method: string, url: string, body?: unknown, token = admin, query?: Record<string, unknown>) =>
  t.call(method, url, { token, body, headers: en, query: query as Record<string, string> });
const etl = '/api/bpm/etl';
const pheno = '/api/pheno/api';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  locationId = (await api('POST', '/api/doe/api/location/create', { name: 'Obs station', code: 'OBS-LOC' })).body.data.id;
  projectId = (await api('POST', '/api/doe/api/project/create', { name: 'ETL project', code: 'ETL-PRJ' })).body.data.id;
});
afterAll(() => t.close());

async function runToEnd(id: number, csv: string | null, name = 'data.csv') {
  const { payload, headers } = multipartBody({}, csv === null ? undefined : { name, content: Buffer.from(csv, 'utf8'), type: 'text/csv' });
  const res = await t.app.inject({ method: 'POST', url: `${etl}/pipeline/run/${id}`, payload, headers: { ...headers, token: admin, ...en } });
  expect(res.statusCode, res.body).toBe(200);
  const { runId, taskId } = res.json().data;
  const task = await waitForTask(t, admin, taskId);
  return { task, detail: (await api('GET', `${etl}/pipeline/run-detail/${runId}`)).body.data };
}

/** A pushed alpha-lattice experiment (20 entries, 2 reps) observing plant height and an ordinal score. */
async function pushedExperiment() {
  const fieldId = (
    await api('POST', '/api/doe/api/field/create', { locationId, name: 'EF1', code: 'EF1', type: 1, rows: 8, cols: 5, tiers: 1, plantRowsPerPlot: 2 })
  ).body.data.id;
  const exp = (
    await api('POST', '/api/doe/api/experiment/create', {
      name: 'ETL trial',
      year: 2026,
      season: 'summer',
      designMethod: 'alpha',
      reps: 2,
      projectId,
      locationId,
      fieldId,
    })
  ).body.data as { id: number; code: string };
  const entries = Array.from({ length: 20 }, (_, i) => ({ entryNo: i + 1, name: `G${i + 1}`, type: i >= 18 ? 'check' : 'test' }));
  expect((await api('PUT', '/api/doe/api/experiment/entries', { id: exp.id, entries })).status).toBe(200);
  const designed = await api('POST', '/api/doe/api/experiment/design', {
    id: exp.id,
    planName: 'alpha',
    designMethod: 'alpha',
    reps: 2,
    blockCount: 4,
    rows: 8,
    cols: 5,
    seed: 7,
  });
  expect(designed.status, designed.text).toBe(200);
  expect((await waitForTask(t, admin, designed.body.data.taskId)).status).toBe('succeeded');
  const ph = (
    await api('POST', `${pheno}/variable/create`, {
      code: 'EPH',
      name: 'Plant height',
      trait: 'Plant height',
      scaleType: 'numeric',
      unit: 'cm',
      minimum: 50,
      maximum: 400,
    })
  ).body.data;
  const nlb = (
    await api('POST', `${pheno}/variable/create`, {
      code: 'ENLB',
      name: 'Leaf blight',
      trait: 'Northern leaf blight',
      scaleType: 'ordinal',
      categories: [
        { value: '1', label: 'Resistant' },
        { value: '9', label: 'Susceptible' },
      ],
    })
  ).body.data;
  const pushed = await api('POST', `${pheno}/study/push`, { experimentId: exp.id, variableIds: [ph.id, nlb.id] });
  expect(pushed.status, pushed.text).toBe(200);
  const grid = (await api('GET', `${pheno}/study/grid/${exp.id}`)).body.data as { plots: { ref: number; plotId: string; entryType: string }[] };
  return { exp, ph, nlb, plots: grid.plots.filter((p) => p.entryType !== 'filler') };
}

let shared: Awaited<ReturnType<typeof pushedExperiment>>;

describe('observations', () => {
  it("loads a CSV into observations with the phenotype module's scale rules and history; the re-run changes nothing", async () => {
    const { exp, ph, nlb, plots } = (shared = await pushedExperiment());
    const created = await api('POST', `${etl}/pipeline/create`, {
      name: 'Observations from the tablet sheet',
      businessType: 'observation',
      source: { kind: 'file', format: 'csv' },
      mapping: [
        { source: 'trial', target: 'experimentId', convert: 'text', lookup: 'experiment.code' },
        { source: 'plot', target: 'plotId', convert: 'text' },
        { source: 'trait', target: 'trait', convert: 'text' },
        { source: 'value', target: 'value', convert: 'text' },
        { source: 'who', target: 'person', convert: 'text' },
        { source: 'date', target: 'observedAt', convert: 'date', format: 'YYYY-MM-DD' },
      ],
    });
    expect(created.status, created.text).toBe(200);
    const id = created.body.data.id;
    const lines = [
      'trial,plot,trait,value,who,date',
      `${exp.code},${plots[0].plotId},${ph.code},210,Li Ming,2026-07-01`,
      `${exp.code},${plots[1].plotId},${ph.code},220,Li Ming,2026-07-01`,
      `${exp.code},${plots[0].plotId},${nlb.code},9,Li Ming,2026-07-02`,
      `${exp.code},${plots[1].plotId},${nlb.code},,Li Ming,2026-07-02`,
    ];
    const first = await runToEnd(id, lines.join('\n'));
    expect(first.task.status).toBe('succeeded');
    expect(first.detail).toMatchObject({ status: 'succeeded', total: 4, inserted: 3, unchanged: 1, refused: 0 });
    const cells = async () =>
      (
        (await api('GET', `${pheno}/study/grid/${exp.id}`)).body.data.cells as {
          plotRef: number;
          variableId: number;
          value: string;
          source: string;
          person: string;
        }[]
      ).sort((a, b) => a.plotRef - b.plotRef || a.variableId - b.variableId);
    const loaded = await cells();
    expect(loaded).toHaveLength(3);
    expect(loaded.find((c) => c.plotRef === plots[0].ref && c.variableId === ph.id)).toMatchObject({ value: '210', source: 'import', person: 'Li Ming' });

    const again = await runToEnd(id, lines.join('\n'));
    expect(again.detail).toMatchObject({ inserted: 0, updated: 0, unchanged: 4 });
    expect(await cells()).toEqual(loaded);

    // Out of scale, unknown plot, unknown trait, unknown experiment: the run loads nothing and names each.
    const bad = [
      lines[0],
      `${exp.code},${plots[0].plotId},${ph.code},215,Li Ming,2026-07-03`,
      `${exp.code},${plots[2].plotId},${ph.code},999,Li Ming,2026-07-03`,
      `${exp.code},NOPE-1,${ph.code},200,Li Ming,2026-07-03`,
      `${exp.code},${plots[2].plotId},COLOUR,1,Li Ming,2026-07-03`,
      `E-NONE,${plots[2].plotId},${ph.code},200,Li Ming,2026-07-03`,
    ].join('\n');
    const refused = await runToEnd(id, bad);
    expect(refused.task.status).toBe('failed');
    expect(refused.detail).toMatchObject({ status: 'refused', refused: 4 });
    const report = refused.detail.report.filter((l: { status: string }) => l.status === 'refused');
    expect(report).toEqual([
      expect.objectContaining({
        row: 3,
        field: 'value',
        errorCode: 'PHENO_OUT_OF_SCALE',
        message: `Plot ${plots[2].plotId}, trait ${ph.code}: value "999" must be between 50 and 400`,
      }),
      expect.objectContaining({ row: 4, field: 'plotId', errorCode: 'PHENO_FIELDBOOK_PLOT' }),
      expect.objectContaining({ row: 5, field: 'trait', errorCode: 'PHENO_FIELDBOOK_TRAIT' }),
      expect.objectContaining({ row: 6, field: 'trial', errorCode: 'ETL_LOOKUP_MISS', message: 'Row 6, column trial: no experiment code "E-NONE"' }),
    ]);
    expect(await cells()).toEqual(loaded);

    // Loading the valid rows: the changed value keeps its history.
    await api('PUT', `${etl}/pipeline/update`, { ...(await api('GET', `${etl}/pipeline/get/${id}`)).body.data, loadValidRows: true });
    const partial = await runToEnd(id, bad);
    expect(partial.detail).toMatchObject({ status: 'succeeded', updated: 1, refused: 4 });
    const changed = (await cells()).find((c) => c.plotRef === plots[0].ref && c.variableId === ph.id) as unknown as { id: number; value: string };
    expect(changed.value).toBe('215');
    const history = await api('GET', `${pheno}/study/observation/history`, undefined, admin, { observationId: changed.id });
    expect(history.status, history.text).toBe(200);
    expect(history.body.data.map((h: { value: string }) => h.value)).toContain('210');
  });

  it('reads a Field Book table export (a column per trait) into observations, the experiment given as a constant', async () => {
    // The experiment of the test above (its traits observed, the plots still free of these values).
    const { exp, ph, nlb, plots: all } = shared;
    const plots = all;
    const mapping = [
      { source: 'plot_id', target: 'plotId', convert: 'text' },
      { source: 'trait', target: 'trait', convert: 'text' },
      { source: 'value', target: 'value', convert: 'text' },
      { source: 'person', target: 'person', convert: 'text' },
      { source: 'experiment', target: 'experimentId', convert: 'text', lookup: 'experiment.code' },
    ];
    const created = await api('POST', `${etl}/pipeline/create`, { name: 'Field Book', businessType: 'observation', source: { kind: 'fieldbook' }, mapping });
    expect(created.status, created.text).toBe(200);
    const id = created.body.data.id;
    const table = [
      'plot_id,plot_number,rep,' + ph.code + ',' + nlb.code + ',person',
      `${plots[5].plotId},6,1,300,1,Wang`,
      `${plots[6].plotId},7,1,,9,Wang`,
    ].join('\n');
    // A Field Book export has no experiment column.
    const missing = await runToEnd(id, table, 'fb.csv');
    expect(missing.detail).toMatchObject({ status: 'failed', message: 'The source has no column experiment' });
    await api('PUT', `${etl}/pipeline/update`, {
      id,
      name: 'Field Book',
      businessType: 'observation',
      source: { kind: 'fieldbook' },
      mapping: mapping.map((m) => (m.target === 'experimentId' ? { ...m, source: `=${exp.code}` } : m)),
    });
    const ok = await runToEnd(id, table, 'fb.csv');
    expect(ok.detail).toMatchObject({ status: 'succeeded', total: 4, inserted: 3, unchanged: 1 });
    const cells = (await api('GET', `${pheno}/study/grid/${exp.id}`)).body.data.cells as {
      plotRef: number;
      variableId: number;
      value: string;
      source: string;
    }[];
    expect(cells.find((c) => c.plotRef === plots[5].ref && c.variableId === ph.id)).toMatchObject({ value: '300', source: 'fieldbook' });
    expect(cells.find((c) => c.plotRef === plots[6].ref && c.variableId === nlb.id)).toMatchObject({ value: '9', source: 'fieldbook' });
  });
});

describe('locations', () => {
  it('loads locations with the location import rules; an existing code is left as it is on a re-run', async () => {
    const created = await api('POST', `${etl}/pipeline/create`, {
      name: 'Stations',
      businessType: 'location',
      source: { kind: 'file', format: 'csv' },
      mapping: [
        { source: 'Name', target: 'name', convert: 'text' },
        { source: 'Code', target: 'code', convert: 'text' },
        { source: 'Lon', target: 'longitude', convert: 'decimal' },
        { source: 'Lat', target: 'latitude', convert: 'decimal' },
      ],
    });
    expect(created.status, created.text).toBe(200);
    const csv = ['Name,Code,Lon,Lat', 'North farm,ST-N,116.3,39.9', 'South farm,ST-S,,', 'Half,ST-H,116.3,', 'Again,ST-N,1,1'].join('\n');
    const refused = await runToEnd(created.body.data.id, csv);
    expect(refused.detail.status).toBe('refused');
    const codes = refused.detail.report.filter((l: { status: string }) => l.status === 'refused').map((l: { row: number; field: string }) => [l.row, l.field]);
    expect(codes).toEqual(
      expect.arrayContaining([
        [4, 'latitude'],
        [5, 'code'],
      ]),
    );
    const good = csv.split('\n').slice(0, 3).join('\n');
    const ok = await runToEnd(created.body.data.id, good);
    expect(ok.detail).toMatchObject({ status: 'succeeded', inserted: 2 });
    const page = await api('GET', '/api/doe/api/location/page', undefined, admin, { keyword: 'farm' });
    expect(page.body.rows.map((r: { code: string }) => r.code).sort()).toEqual(['ST-N', 'ST-S']);
    const again = await runToEnd(created.body.data.id, good);
    expect(again.detail).toMatchObject({ status: 'succeeded', inserted: 0, unchanged: 2 });
  });
});
