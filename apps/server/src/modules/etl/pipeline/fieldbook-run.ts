import { and, eq } from 'drizzle-orm';
import type { RunReportLine } from '@breedwise/contracts/etl';
import type { Tx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { createdStamp, inOrg } from '../../../platform/tenant';
import type { FieldBookImported } from '../../pheno';
import { etlPipeline, etlRun, type StoredMapping } from './pipeline.tables';
import { REPORT_ALL_ROWS } from './pipeline.service';

/** The name of an experiment's Field Book pipeline (found by it; a renamed one is replaced by a new one). */
export const fieldBookPipelineName = (code: string) => `Field Book · ${code}`;

/** The mapping of a Field Book export onto observations of one experiment (the experiment as a constant). */
export const fieldBookMapping = (code: string): StoredMapping[] => [
  { source: 'plot_id', target: 'plotId', convert: 'text', format: null, lookup: null },
  { source: 'trait', target: 'trait', convert: 'text', format: null, lookup: null },
  { source: 'value', target: 'value', convert: 'text', format: null, lookup: null },
  { source: 'person', target: 'person', convert: 'text', format: null, lookup: null },
  { source: `=${code}`, target: 'experimentId', convert: 'text', format: null, lookup: 'experiment.code' },
];

const REMARK = {
  'zh-CN': '试验页面“Field Book”标签页的导入记录为本流水线的运行',
  en: "Imports from the experiment page's Field Book tab are recorded as runs of this pipeline",
} as const;

/** Where a refused line failed: the plot, the trait or the value. */
function refusedField(errorCode: string | null): { field: string; rule: string } {
  if (errorCode === 'PHENO_FIELDBOOK_PLOT') return { field: 'plot_id', rule: 'exists' };
  if (errorCode === 'PHENO_FIELDBOOK_TRAIT') return { field: 'trait', rule: 'exists' };
  if (errorCode === 'PHENO_PLOT_FILLER') return { field: 'plot_id', rule: 'filler' };
  return { field: 'value', rule: 'scale' };
}

/**
 * Records a Field Book import of the experiment page, in its transaction, as a run of the experiment's
 * Field Book pipeline (created the first time: a Field Book source mapped onto observations with the
 * experiment as a constant, loading the valid rows, as the page does). Answers the run's id.
 */
export async function recordFieldBookRun(tx: Tx, ctx: RequestContext, e: FieldBookImported): Promise<number> {
  const name = fieldBookPipelineName(e.code);
  let [pipeline] = await tx
    .select({ id: etlPipeline.id })
    .from(etlPipeline)
    .where(and(inOrg(etlPipeline, ctx), eq(etlPipeline.businessType, 'observation'), eq(etlPipeline.name, name)));
  if (!pipeline) {
    [pipeline] = await tx
      .insert(etlPipeline)
      .values({
        cropId: ctx.cropId,
        name,
        businessType: 'observation',
        source: { kind: 'fieldbook' },
        mapping: fieldBookMapping(e.code),
        schedule: { kind: 'none' },
        loadValidRows: true,
        remark: REMARK[ctx.locale],
        nextRunAt: null,
        ...createdStamp(ctx),
      })
      .returning({ id: etlPipeline.id });
  }
  const r = e.result;
  const report: RunReportLine[] = r.rows.map((l) => ({
    row: l.line,
    status: l.status === 'cleared' ? 'updated' : l.status,
    ...(l.status === 'refused' ? refusedField(l.errorCode) : { field: null, rule: null }),
    errorCode: l.errorCode,
    message: l.message,
    record: l.status === 'refused' ? null : `${l.plotId} · ${l.trait}`,
  }));
  const now = new Date();
  const [run] = await tx
    .insert(etlRun)
    .values({
      pipelineId: pipeline.id,
      trigger: 'page',
      status: 'succeeded',
      fileName: e.fileName.slice(0, 200),
      total: r.inserted + r.updated + r.cleared + r.unchanged + r.refused,
      inserted: r.inserted,
      updated: r.updated + r.cleared,
      unchanged: r.unchanged,
      refused: r.refused,
      report: report.length > REPORT_ALL_ROWS ? report.filter((l) => l.status === 'refused') : report,
      finishedAt: now,
      ...createdStamp(ctx),
    })
    .returning({ id: etlRun.id });
  return run.id;
}
