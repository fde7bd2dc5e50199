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

describe('germplasm', () => {
  it('loads germplasm with the germplasm import rules (parents by accession, types); a re-run leaves the records as they are', async () => {
    const created = await api('POST', `${etl}/pipeline/create`, {
      name: 'Introductions',
      businessType: 'germplasm',
      source: { kind: 'file', format: 'csv' },
      mapping: [
        { source: 'Accession', target: 'accessionNo', convert: 'text' },
        { source: 'Name', target: 'name', convert: 'text' },
        { source: 'Type', target: 'type', convert: 'text' },
        { source: 'Female', target: 'femaleParent', convert: 'text' },
        { source: 'Male', target: 'maleParent', convert: 'text' },
      ],
    });
    expect(created.status, created.text).toBe(200);
    const id = created.body.data.id;
    const bad = ['Accession,Name,Type,Female,Male', 'ETL-G1,Line one,inbred,,', 'ETL-G2,,inbred,,', 'ETL-G3,Cross,hybrid,ETL-NONE,ETL-G1'].join('\n');
    const refused = await runToEnd(id, bad);
    expect(refused.detail).toMatchObject({ status: 'refused', inserted: 0, refused: 2 });
    expect(
      refused.detail.report.filter((l: { status: string }) => l.status === 'refused').map((l: { row: number; field: string }) => [l.row, l.field]),
    ).toEqual(
      expect.arrayContaining([
        [3, 'Name'],
        [4, 'femaleParent'],
      ]),
    );
    expect((await api('GET', '/api/germ/api/germplasm/page', undefined, admin, { keyword: 'ETL-G' })).body.total).toBe(0);

    const good = ['Accession,Name,Type,Female,Male', 'ETL-G1,Line one,inbred,,', 'ETL-G2,Line two,inbred,,', 'ETL-G3,Cross,hybrid,ETL-G1,ETL-G2'].join('\n');
    const ok = await runToEnd(id, good);
    expect(ok.detail).toMatchObject({ status: 'succeeded', total: 3, inserted: 3, refused: 0 });
    expect(ok.detail.report.map((l: { record: string }) => l.record)).toEqual(['ETL-G1', 'ETL-G2', 'ETL-G3']);
    const page = (await api('GET', '/api/germ/api/germplasm/page', undefined, admin, { keyword: 'ETL-G' })).body;
    expect(page.total).toBe(3);
    const cross = page.rows.find((r: { accessionNo: string }) => r.accessionNo === 'ETL-G3');
    expect(cross).toMatchObject({ name: 'Cross', type: 'hybrid', femaleParentAccession: 'ETL-G1', maleParentAccession: 'ETL-G2' });
    const again = await runToEnd(id, good);
    expect(again.detail).toMatchObject({ status: 'succeeded', inserted: 0, unchanged: 3 });
    expect((await api('GET', '/api/germ/api/germplasm/page', undefined, admin, { keyword: 'ETL-G' })).body.total).toBe(3);
  });
});

describe('seed lots', () => {
  it("loads lots with the lot screen's rules, accession and place lookups and an opening deposit in the ledger, all or nothing", async () => {
    const germ = '/api/germ/api';
    const g1 = (await api('POST', `${germ}/germplasm/create`, { accessionNo: 'LOT-G1', name: 'Lot line 1', type: 'inbred' })).body.data.id as number;
    expect((await api('POST', `${germ}/germplasm/create`, { accessionNo: 'LOT-G2', name: 'Lot line 2', type: 'inbred' })).status).toBe(200);
    const wh = (await api('POST', `${germ}/place/create`, { level: 'warehouse', code: 'ETL-WH', name: 'ETL store' })).body.data.id as number;
    // A lot entered by hand holds LOT-HAND for LOT-G1.
    const hand = await api('POST', `${germ}/lot/create`, { germplasmId: g1, placeId: wh, unit: 'g', quantity: 5, lotNo: 'LOT-HAND' });
    expect(hand.status, hand.text).toBe(200);

    const mapping = [
      { source: 'Accession', target: 'germplasmId', convert: 'text', lookup: 'germplasm.accession' },
      { source: 'Store', target: 'placeId', convert: 'text', lookup: 'place.code' },
      { source: 'Unit', target: 'unit', convert: 'text' },
      { source: 'Qty', target: 'quantity', convert: 'decimal' },
      { source: 'Lot', target: 'lotNo', convert: 'text' },
      { source: 'Year', target: 'harvestYear', convert: 'integer' },
    ];
    const types = (await api('GET', `${etl}/business/types`)).body.data as {
      type: string;
      naturalKey: string[];
      fields: { key: string; lookups: string[] }[];
    }[];
    const lotType = types.find((x) => x.type === 'lot')!;
    expect(lotType.naturalKey).toEqual(['lotNo']);
    expect(lotType.fields.find((f) => f.key === 'placeId')!.lookups).toEqual(['place.code']);
    const wrongLookup = await api('POST', `${etl}/pipeline/create`, {
      name: 'x',
      businessType: 'lot',
      source: { kind: 'file', format: 'csv' },
      mapping: mapping.map((m) => (m.target === 'placeId' ? { ...m, lookup: 'location.code' } : m)),
    });
    expect(wrongLookup.body.errorCode).toBe('ETL_MAPPING_LOOKUP');
    const created = await api('POST', `${etl}/pipeline/create`, { name: 'Seed stock', businessType: 'lot', source: { kind: 'file', format: 'csv' }, mapping });
    expect(created.status, created.text).toBe(200);
    const id = created.body.data.id;
    const lots = async () =>
      (await api('GET', `${germ}/lot/page`, undefined, admin, { keyword: 'LOT-G', pageSize: 50 })).body as {
        total: number;
        rows: { id: number; lotNo: string; quantity: number; unit: string; accessionNo: string; harvestYear: number | null }[];
      };

    const bad = [
      'Accession,Store,Unit,Qty,Lot,Year',
      'LOT-G1,ETL-WH,g,250.5,LOT-A1,2025',
      'LOT-NONE,ETL-WH,g,1,LOT-A2,',
      'LOT-G1,NO-STORE,g,1,LOT-A3,',
      'LOT-G1,ETL-WH,bushel,1,LOT-A4,',
      'LOT-G1,ETL-WH,g,-3,LOT-A5,',
      'LOT-G1,ETL-WH,g,1.2345,LOT-A6,',
      'LOT-G2,ETL-WH,g,1,LOT-HAND,',
      'LOT-G2,ETL-WH,g,1,LOT-A1,',
      'LOT-G2,ETL-WH,g,1,bad lot,',
      'LOT-G2,ETL-WH,g,1,LOT-A7,1800',
    ].join('\n');
    const refused = await runToEnd(id, bad);
    expect(refused.task.status).toBe('failed');
    expect(refused.detail).toMatchObject({ status: 'refused', inserted: 0, refused: 9 });
    const lines = refused.detail.report.filter((l: { status: string }) => l.status === 'refused');
    expect(lines.map((l: { row: number; field: string; errorCode: string | null; rule: string }) => [l.row, l.field, l.errorCode ?? l.rule])).toEqual([
      [3, 'Accession', 'ETL_LOOKUP_MISS'],
      [4, 'Store', 'ETL_LOOKUP_MISS'],
      [5, 'unit', 'enum'],
      [6, 'quantity', 'min'],
      [7, 'quantity', 'format'],
      [8, 'lotNo', 'GERM_LOT_NO_EXISTS'],
      [9, 'lotNo', 'ETL_KEY_REPEATED'],
      [10, 'lotNo', 'format'],
      [11, 'harvestYear', 'min'],
    ]);
    expect(lines.find((l: { row: number }) => l.row === 8).message).toBe('Lot number LOT-HAND already exists');
    // Nothing was loaded: only the lot entered by hand exists.
    expect((await lots()).rows.map((r) => r.lotNo)).toEqual(['LOT-HAND']);

    const good = ['Accession,Store,Unit,Qty,Lot,Year', 'LOT-G1,ETL-WH,g,250.5,LOT-A1,2025', 'LOT-G2,ETL-WH,粒,1000,,', 'LOT-G1,ETL-WH,kg,2,LOT-HAND,'].join(
      '\n',
    );
    const ok = await runToEnd(id, good);
    expect(ok.detail).toMatchObject({ status: 'succeeded', total: 3, inserted: 2, unchanged: 1, refused: 0 });
    const after = await lots();
    expect(after.total).toBe(3);
    const a1 = after.rows.find((r) => r.lotNo === 'LOT-A1')!;
    expect(a1).toMatchObject({ accessionNo: 'LOT-G1', quantity: 250.5, unit: 'g', harvestYear: 2025 });
    const numbered = after.rows.find((r) => r.accessionNo === 'LOT-G2')!;
    expect(numbered).toMatchObject({ quantity: 1000, unit: 'seed' });
    expect(numbered.lotNo).toMatch(/^L\d{4}-\d{6}$/);
    // The run lists the lots it loaded by number.
    expect(ok.detail.report.map((l: { row: number; status: string; record: string }) => [l.row, l.status, l.record])).toEqual([
      [2, 'inserted', 'LOT-A1'],
      [3, 'inserted', numbered.lotNo],
      [4, 'unchanged', 'LOT-HAND'],
    ]);
    // Each new lot's opening balance is a deposit in its ledger.
    const ledger = (await api('GET', `${germ}/lot/transactions`, undefined, admin, { lotId: a1.id })).body.rows as { type: string; amount: number }[];
    expect(ledger.map((r) => [r.type, Number(r.amount)])).toEqual([['deposit', 250.5]]);

    // Re-running the file with lot numbers changes nothing.
    const again = await runToEnd(id, [good.split('\n')[0], good.split('\n')[1], good.split('\n')[3]].join('\n'));
    expect(again.detail).toMatchObject({ status: 'succeeded', inserted: 0, unchanged: 2 });
    expect((await lots()).total).toBe(3);
    expect((await api('GET', `${germ}/lot/transactions`, undefined, admin, { lotId: a1.id })).body.total).toBe(1);
  });
});

describe("the experiment page's Field Book import", () => {
  it("is recorded as a run of the experiment's Field Book pipeline, with its row report; the pipeline itself re-reads the same file", async () => {
    const { exp, ph, plots } = shared;
    const csv = ['plot_id,trait,value,timestamp,person', `${plots[10].plotId},${ph.code},180,,Zhao`, `${plots[11].plotId},${ph.code},999,,Zhao`].join('\n');
    const { payload, headers } = multipartBody({}, { name: 'tablet-export.csv', content: Buffer.from(csv, 'utf8'), type: 'text/csv' });
    const res = await t.app.inject({ method: 'POST', url: `${pheno}/study/fieldbook/import/${exp.id}`, payload, headers: { ...headers, token: admin, ...en } });
    expect(res.statusCode, res.body).toBe(200);
    const imported = res.json().data;
    expect(imported).toMatchObject({ inserted: 1, refused: 1 });
    expect(imported.runId).toEqual(expect.any(Number));

    const pipelines = (await api('GET', `${etl}/pipeline/page`, undefined, admin, { keyword: `Field Book · ${exp.code}` })).body.rows;
    expect(pipelines).toHaveLength(1);
    const pipe = pipelines[0];
    expect(pipe).toMatchObject({
      businessType: 'observation',
      source: { kind: 'fieldbook' },
      loadValidRows: true,
      lastRunId: imported.runId,
      lastRunStatus: 'succeeded',
    });
    const detail = (await api('GET', `${etl}/pipeline/run-detail/${imported.runId}`)).body.data;
    expect(detail).toMatchObject({ trigger: 'page', status: 'succeeded', fileName: 'tablet-export.csv', total: 2, inserted: 1, refused: 1 });
    expect(detail.report).toEqual([
      expect.objectContaining({ row: 2, status: 'inserted', record: `${plots[10].plotId} · ${ph.code}` }),
      expect.objectContaining({
        row: 3,
        status: 'refused',
        field: 'value',
        errorCode: 'PHENO_OUT_OF_SCALE',
        message: `Plot ${plots[11].plotId}, trait ${ph.code}: value "999" must be between 50 and 400`,
      }),
    ]);

    // A second import is a second run of the same pipeline.
    const again = await t.app.inject({
      method: 'POST',
      url: `${pheno}/study/fieldbook/import/${exp.id}`,
      payload,
      headers: { ...headers, token: admin, ...en },
    });
    const runs = (await api('GET', `${etl}/pipeline/runs`, undefined, admin, { pipelineId: pipe.id })).body;
    expect(runs.total).toBe(2);
    expect(runs.rows[0]).toMatchObject({ id: again.json().data.runId, trigger: 'page', unchanged: 1, refused: 1 });

    // Run from the pipelines screen with the same file: the same rules, nothing new.
    const byPipeline = await runToEnd(pipe.id, csv, 'tablet-export.csv');
    expect(byPipeline.detail).toMatchObject({ status: 'succeeded', trigger: 'manual', inserted: 0, unchanged: 1, refused: 1 });
  });
});
