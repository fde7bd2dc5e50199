import { z } from 'zod';
import { defineErrors, type Translations } from '../errors';
import { FilterItem } from '../query';

/** Column settings of one table for one user (spec section 3: prop, label, width, fixed, hide ...). */
export const ColumnSetting = z.object({
  prop: z.string().min(1).max(64),
  width: z.number().int().min(40).max(2000).nullable().optional(),
  hide: z.boolean().optional(),
  fixed: z.enum(['left', 'right']).nullable().optional(),
});
export type ColumnSetting = z.infer<typeof ColumnSetting>;

export const TableLook = z.object({
  size: z.enum(['large', 'middle', 'small']).default('middle'),
  bordered: z.boolean().default(false),
  striped: z.boolean().default(false),
});
export type TableLook = z.infer<typeof TableLook>;

export const TableSettings = z.object({
  /** In display order. */
  columns: z.array(ColumnSetting).max(200),
  look: TableLook,
});
export type TableSettings = z.infer<typeof TableSettings>;

export const TableNameParam = z.object({ tableName: z.string().regex(/^[A-Za-z][A-Za-z0-9_.:-]{0,79}$/) });

export const SavedFilterCreate = z.object({
  title: z.string().trim().min(1).max(50),
  filterObj: z.array(FilterItem).min(1).max(50),
});
export type SavedFilterCreate = z.infer<typeof SavedFilterCreate>;

export const SavedFilter = z.object({
  id: z.number().int(),
  title: z.string(),
  filterObj: z.array(FilterItem),
  createdAt: z.string(),
});
export type SavedFilter = z.infer<typeof SavedFilter>;

/** Answer of POST /api/common/upload (spec: code 0 with fileName and src). */
export const UploadResult = z.object({
  fileId: z.string(),
  fileName: z.string(),
  src: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type UploadResult = z.infer<typeof UploadResult>;

export const FILE_KINDS = ['image', 'document', 'spreadsheet', 'archive', 'text', 'sequence', 'any'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const UploadFields = z.object({
  kind: z.enum(FILE_KINDS).default('any'),
  businessType: z.string().trim().max(50).regex(/^[A-Za-z0-9_.-]*$/).default('common'),
});

export const FileRow = z.object({
  fileId: z.string(),
  fileName: z.string(),
  fileUrl: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  businessType: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type FileRow = z.infer<typeof FileRow>;

export const TASK_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TaskRow = z.object({
  id: z.number().int(),
  type: z.string(),
  module: z.string(),
  title: z.string(),
  status: z.enum(TASK_STATUSES),
  progress: z.number(),
  message: z.string().nullable(),
  attempts: z.number().int(),
  result: z.unknown().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TaskRow = z.infer<typeof TaskRow>;

export const TaskLogLine = z.object({
  at: z.string(),
  level: z.enum(['info', 'warn', 'error']),
  message: z.string(),
});
export type TaskLogLine = z.infer<typeof TaskLogLine>;

export const TaskLogsQuery = z.object({
  taskId: z.coerce.number().int().positive(),
  type: z.string().trim().max(50).optional(),
});

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

export const commonErrors = defineErrors({
  FILE_REQUIRED: { 'zh-CN': '请选择要上传的文件（字段 file）', en: 'Choose a file to upload (field "file")' },
  FILE_TOO_LARGE: { 'zh-CN': '文件大小不能超过 {limit}MB', en: 'The file size cannot exceed {limit}MB' },
  FILE_TYPE_NOT_ALLOWED: { 'zh-CN': '文件类型不允许：{detected}，允许 {allowed}', en: 'File type not allowed: {detected}; allowed: {allowed}' },
  FILE_EMPTY: { 'zh-CN': '文件是空的', en: 'The file is empty' },
  FILE_NOT_IMAGE: { 'zh-CN': '选择的文件不是图片', en: 'The chosen file is not an image' },
  IMAGE_TOO_LARGE: { 'zh-CN': '图片像素过多（最多 {max} 像素）', en: 'The image has too many pixels (at most {max})' },
  IMAGE_INVALID: { 'zh-CN': '图片已损坏或无法读取', en: 'The image is damaged or cannot be read' },
  ARCHIVE_INVALID: { 'zh-CN': '压缩包已损坏或无法读取', en: 'The archive is damaged or cannot be read' },
  ARCHIVE_ENCRYPTED: { 'zh-CN': '不支持加密的压缩包', en: 'Encrypted archives are not accepted' },
  ARCHIVE_UNSAFE_PATH: { 'zh-CN': '压缩包含不安全的路径：{path}', en: 'The archive holds an unsafe path: {path}' },
  ARCHIVE_TOO_MANY_ENTRIES: { 'zh-CN': '压缩包文件过多（最多 {max} 个）', en: 'The archive holds too many files (at most {max})' },
  ARCHIVE_TOO_LARGE: { 'zh-CN': '压缩包解压后过大（最多 {max}）', en: 'The archive is too large once unpacked (at most {max})' },
  ARCHIVE_RATIO: { 'zh-CN': '压缩包压缩比异常（疑似压缩炸弹）', en: 'The archive has a suspicious compression ratio (zip bomb)' },
  QUOTA_EXCEEDED: { 'zh-CN': '组织存储空间不足：已用 {used}，总量 {total}', en: 'The organisation is out of storage: {used} used of {total}' },
  UPLOAD_OFFSET_MISMATCH: { 'zh-CN': '上传中断，请重新上传', en: 'Upload interrupted, re-upload' },
  UPLOAD_NOT_FOUND: { 'zh-CN': '上传不存在或已过期', en: 'The upload does not exist or has expired' },
  FILTER_FIELD_UNKNOWN: { 'zh-CN': '不能按 {field} 筛选', en: 'Cannot filter by {field}' },
  FILTER_OPERATOR_INVALID: { 'zh-CN': '{field} 的筛选条件 {operator} 无效，可用 {allowed}', en: 'Filter operator {operator} is not valid for {field}; use {allowed}' },
  FILTER_VALUE_INVALID: { 'zh-CN': '{field} 的筛选值 {value} 无效：{rule}', en: 'Filter value {value} for {field} is invalid: {rule}' },
  FILTER_FIELD_REPEATED: { 'zh-CN': '{field} 不能重复筛选', en: '{field} may appear only once in a filter' },
  EXPORT_TOO_LARGE: { 'zh-CN': '下载超过最大条数（{max}），请先筛选', en: 'Download exceeds the maximum entries ({max}), filter first' },
  IMPORT_NO_ROWS: { 'zh-CN': '导入文件没有数据行', en: 'The import file holds no data rows' },
  IMPORT_HEADER_MISSING: { 'zh-CN': '导入文件缺少列：{columns}', en: 'The import file lacks the columns: {columns}' },
  IMPORT_NOT_XLSX: { 'zh-CN': '导入文件须为 xlsx 或 xls 格式', en: 'The import file must be xlsx or xls' },
  IMPORT_TOO_MANY_ROWS: { 'zh-CN': '导入文件行数过多（最多 {max} 行）', en: 'The import file has too many rows (at most {max})' },
  TASK_NOT_FINISHED: { 'zh-CN': '任务尚未完成', en: 'The task has not finished' },
});

export const serviceFieldLabels: Record<string, Translations> = {
  file: { 'zh-CN': '文件', en: 'File' },
  kind: { 'zh-CN': '文件类别', en: 'File kind' },
  businessType: { 'zh-CN': '业务类型', en: 'Business type' },
  title: { 'zh-CN': '名称', en: 'Name' },
  filterObj: { 'zh-CN': '筛选条件', en: 'Filter' },
  tableName: { 'zh-CN': '表格', en: 'Table' },
  columns: { 'zh-CN': '列', en: 'Columns' },
  taskId: { 'zh-CN': '任务', en: 'Task' },
  mode: { 'zh-CN': '导入方式', en: 'Import mode' },
  prop: { 'zh-CN': '列名', en: 'Column' },
  width: { 'zh-CN': '列宽', en: 'Width' },
};
