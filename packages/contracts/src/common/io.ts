import { z } from 'zod';
import type { Translations } from '../errors';

/**
 * Platform-wide xlsx import and export (resource-io): the shapes every resource's import and export
 * share, the three endpoint definitions a resource spreads in (`ioEndpoints`), and the texts of the
 * sheets the server writes. Exported from the root entry: every module uses them.
 */

export const IMPORT_MODES = ['all', 'valid'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export const ImportRowError = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof ImportRowError>;

/** What an import did: counts and every refused row with its reason. */
export const ImportReport = z.object({
  mode: z.enum(IMPORT_MODES),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  imported: z.number().int(),
  /** True when all-or-nothing refused the whole file because of invalid rows. */
  refused: z.boolean(),
  errors: z.array(ImportRowError),
});
export type ImportReport = z.infer<typeof ImportReport>;

export const ImportStarted = z.object({ taskId: z.number().int() });

export const ExportStarted = z.object({ taskId: z.number().int() });

/** Texts of the sheets the server writes: the template's instructions and an import's error report. */
export const ioLabels = {
  instructions: { 'zh-CN': '填写说明', en: 'Instructions' },
  column: { 'zh-CN': '列', en: 'Column' },
  key: { 'zh-CN': '字段', en: 'Key' },
  required: { 'zh-CN': '必填', en: 'Required' },
  rule: { 'zh-CN': '规则', en: 'Rule' },
  yes: { 'zh-CN': '是', en: 'yes' },
  importErrors: { 'zh-CN': '导入错误', en: 'Import errors' },
  row: { 'zh-CN': '行号', en: 'Row' },
  field: { 'zh-CN': '字段', en: 'Field' },
  problem: { 'zh-CN': '问题', en: 'Problem' },
  /** Lines of the import and export task logs (in the language of the user who started the task). */
  logReading: { 'zh-CN': '读取文件 {name}', en: 'Reading {name}' },
  logSummary: { 'zh-CN': '共 {total} 行：有效 {valid} 行，无效 {invalid} 行', en: '{total} rows: {valid} valid, {invalid} invalid' },
  logRefused: { 'zh-CN': '全部导入模式下存在无效行，未导入任何数据', en: 'Nothing imported: invalid rows and the mode is all or nothing' },
  logImporting: { 'zh-CN': '正在导入 {count} 行', en: 'Importing {count} rows' },
  logWritten: { 'zh-CN': '已写出 {count} 行', en: '{count} rows written' },
  logExporting: { 'zh-CN': '已导出 {done} / {total} 行', en: '{done} / {total} rows exported' },
} satisfies Record<string, Translations>;

/** The lines every task's log carries, in the language of the user who started it. */
export const taskLogLabels = {
  attemptStarted: { 'zh-CN': '第 {attempt} 次执行开始', en: 'Attempt {attempt} started' },
  finished: { 'zh-CN': '已完成', en: 'Finished' },
  cancelled: { 'zh-CN': '已被用户取消', en: 'Cancelled by the user' },
} satisfies Record<string, Translations>;

/**
 * The three endpoints of a resource's xlsx import and export: the template, the import (a task) and the
 * export (a download, or `{taskId}` above the direct-download size). Spread into a resource's definitions.
 */
export function ioEndpoints<Q extends z.ZodType>(resourceName: string, opts: { import: string; export: string; exportQuery: Q }) {
  return {
    template: {
      method: 'GET',
      path: '/template',
      permission: opts.import,
      summary: `xlsx import template of ${resourceName} (headers in the caller's language, with an instructions sheet)`,
      file: true,
    },
    import: {
      method: 'POST',
      path: '/import',
      permission: opts.import,
      summary: `Imports ${resourceName} from xlsx (multipart: field mode = all|valid, then file); runs as a task`,
      bodyType: 'multipart',
      data: ImportStarted,
    },
    export: {
      method: 'GET',
      path: '/export',
      permission: opts.export,
      summary: `Exports ${resourceName} matching the current filter as xlsx; a large export answers {taskId} and runs as a task`,
      query: opts.exportQuery,
      file: true,
    },
  } as const;
}
