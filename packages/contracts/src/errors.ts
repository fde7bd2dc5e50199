import type { Locale } from './constants';

export type Translations = Record<Locale, string>;

/** Declares a module's error codes with their zh-CN and en message templates. */
export function defineErrors<K extends string>(messages: Record<K, Translations>): Record<K, Translations> {
  return messages;
}

/**
 * Declares a module's error codes: every code must start with the module's prefix (`DOE_`, `GERM_`,
 * `SYS_` ...), or this does not compile, so two modules cannot collide and a code tells where it comes from.
 */
export function defineModuleErrors<const P extends string, K extends `${P}_${string}`>(prefix: P, messages: Record<K, Translations>): Record<K, Translations> {
  for (const code of Object.keys(messages)) if (!code.startsWith(`${prefix}_`)) throw new Error(`error code ${code} lacks the prefix ${prefix}_`);
  return messages;
}

/**
 * The platform catalogue: the platform's own errors and those of the platform services every module
 * uses (files, uploads, archives, quotas, import and export, tasks, list filters), all without a module
 * prefix. Module errors carry their module's prefix (`defineModuleErrors`), live beside their module's
 * contracts and are merged in registry.ts.
 */
export const platformErrors = defineErrors({
  VALIDATION_FAILED: { 'zh-CN': '输入有误：{detail}', en: 'Invalid input: {detail}' },
  BAD_JSON: { 'zh-CN': '请求体不是合法的 JSON', en: 'The request body is not valid JSON' },
  BAD_REQUEST: { 'zh-CN': '请求格式错误：{detail}', en: 'Malformed request: {detail}' },
  BODY_TOO_LARGE: { 'zh-CN': '请求体过大，最大 {limit}', en: 'The request body is too large (at most {limit})' },
  HEADERS_TOO_LARGE: { 'zh-CN': '请求头过大（最多 {limit}）', en: 'The request headers are too large (at most {limit})' },
  REQUEST_TIMEOUT: { 'zh-CN': '请求超时', en: 'The request timed out' },
  HOST_NOT_ALLOWED: {
    'zh-CN': '本服务不为主机 {host} 生成链接；请通过配置的地址访问（BW_PUBLIC_URL 或 BW_ALLOWED_HOSTS）',
    en: 'This server makes no links for the host {host}; use the configured address (BW_PUBLIC_URL or BW_ALLOWED_HOSTS)',
  },
  UNSUPPORTED_MEDIA_TYPE: { 'zh-CN': '不支持的内容类型：{type}', en: 'Unsupported content type: {type}' },
  ROUTE_NOT_FOUND: { 'zh-CN': '接口不存在：{method} {url}', en: 'No such API: {method} {url}' },
  RECORD_NOT_FOUND: { 'zh-CN': '记录不存在或无权访问', en: 'The record does not exist or is not accessible' },
  METHOD_NOT_ALLOWED: { 'zh-CN': '不允许的请求方法', en: 'Method not allowed' },
  UNAUTHORIZED: { 'zh-CN': '未登录或登录已过期，请重新登录', en: 'You are not logged in or your session has expired; please log in again' },
  SESSION_REPLACED: {
    'zh-CN': '您的账号已在其他地方登录，如非本人操作请修改密码，或重新登录',
    en: 'Your account logged in elsewhere. If it was not you, change your password; otherwise log in again',
  },
  FORBIDDEN: { 'zh-CN': '没有权限：需要 {permission}', en: 'Permission denied: {permission} is required' },
  CROP_READ_ONLY: { 'zh-CN': '您对当前作物只有查看权限', en: 'You have view-only access to the current crop' },
  TOO_MANY_REQUESTS: { 'zh-CN': '尝试过于频繁，请 {seconds} 秒后再试', en: 'Too many attempts; try again in {seconds} seconds' },
  CONFLICT: { 'zh-CN': '数据已被修改，请刷新后重试', en: 'The data changed meanwhile; refresh and retry' },
  RECORD_IN_USE: { 'zh-CN': '该记录仍被其他记录引用，不能删除或修改', en: 'Other records still refer to this record; it cannot be deleted or changed' },
  RECORD_REFERENCE_MISSING: { 'zh-CN': '引用的记录不存在或已被删除', en: 'A record this one refers to does not exist or was deleted' },
  RECORD_EXISTS: { 'zh-CN': '同样的记录已存在', en: 'The same record already exists' },
  INTERNAL: { 'zh-CN': '服务器错误，请稍后重试（请求号 {requestId}）', en: 'Server error, please retry later (request {requestId})' },
  SERVICE_UNAVAILABLE: { 'zh-CN': '服务暂不可用', en: 'Service unavailable' },
  PLATFORM_ADMIN_REQUIRED: { 'zh-CN': '只有平台管理员可以执行此操作', en: 'Only a platform administrator may do this' },
  // the request context (platform/context.ts): the session's organisation and crop
  ORG_NOT_MEMBER: { 'zh-CN': '您不属于该组织', en: 'You are not a member of this organisation' },
  CROP_NOT_ALLOWED: { 'zh-CN': '您没有该作物的权限', en: 'You have no access to this crop' },
  LOCALE_UNSUPPORTED: { 'zh-CN': '不支持的语言：{locale}', en: 'Unsupported language: {locale}' },
  // platform services: files and images
  FILE_REQUIRED: { 'zh-CN': '请选择要上传的文件（字段 file）', en: 'Choose a file to upload (field "file")' },
  FILE_TOO_LARGE: { 'zh-CN': '文件大小不能超过 {limit}MB', en: 'The file size cannot exceed {limit}MB' },
  FILE_TYPE_NOT_ALLOWED: { 'zh-CN': '文件类型不允许：{detected}，允许 {allowed}', en: 'File type not allowed: {detected}; allowed: {allowed}' },
  FILE_EMPTY: { 'zh-CN': '文件是空的', en: 'The file is empty' },
  FILE_NOT_IMAGE: { 'zh-CN': '选择的文件不是图片', en: 'The chosen file is not an image' },
  IMAGE_TOO_LARGE: { 'zh-CN': '图片像素过多（最多 {max} 像素）', en: 'The image has too many pixels (at most {max})' },
  IMAGE_INVALID: { 'zh-CN': '图片已损坏或无法读取', en: 'The image is damaged or cannot be read' },
  // platform services: archives
  ARCHIVE_INVALID: { 'zh-CN': '压缩包已损坏或无法读取', en: 'The archive is damaged or cannot be read' },
  ARCHIVE_ENCRYPTED: { 'zh-CN': '不支持加密的压缩包', en: 'Encrypted archives are not accepted' },
  ARCHIVE_UNSAFE_PATH: { 'zh-CN': '压缩包含不安全的路径：{path}', en: 'The archive holds an unsafe path: {path}' },
  ARCHIVE_TOO_MANY_ENTRIES: { 'zh-CN': '压缩包文件过多（最多 {max} 个）', en: 'The archive holds too many files (at most {max})' },
  ARCHIVE_TOO_LARGE: { 'zh-CN': '压缩包解压后过大（最多 {max}）', en: 'The archive is too large once unpacked (at most {max})' },
  ARCHIVE_RATIO: { 'zh-CN': '压缩包压缩比异常（疑似压缩炸弹）', en: 'The archive has a suspicious compression ratio (zip bomb)' },
  // platform services: storage quota and resumable uploads
  QUOTA_EXCEEDED: { 'zh-CN': '组织存储空间不足：已用 {used}，总量 {total}', en: 'The organisation is out of storage: {used} used of {total}' },
  UPLOAD_OFFSET_MISMATCH: { 'zh-CN': '上传中断，请重新上传', en: 'Upload interrupted, re-upload' },
  UPLOAD_NOT_FOUND: { 'zh-CN': '上传不存在或已过期', en: 'The upload does not exist or has expired' },
  // platform services: list filters
  FILTER_FIELD_UNKNOWN: { 'zh-CN': '不能按 {field} 筛选', en: 'Cannot filter by {field}' },
  FILTER_OPERATOR_INVALID: {
    'zh-CN': '{field} 的筛选条件 {operator} 无效，可用 {allowed}',
    en: 'Filter operator {operator} is not valid for {field}; use {allowed}',
  },
  FILTER_VALUE_INVALID: { 'zh-CN': '{field} 的筛选值 {value} 无效：{rule}', en: 'Filter value {value} for {field} is invalid: {rule}' },
  FILTER_FIELD_REPEATED: { 'zh-CN': '{field} 不能重复筛选', en: '{field} may appear only once in a filter' },
  // platform services: import, export and tasks
  EXPORT_TOO_LARGE: { 'zh-CN': '下载超过最大条数（{max}），请先筛选', en: 'Download exceeds the maximum entries ({max}), filter first' },
  IMPORT_NO_ROWS: { 'zh-CN': '导入文件没有数据行', en: 'The import file holds no data rows' },
  IMPORT_HEADER_MISSING: { 'zh-CN': '导入文件缺少列：{columns}', en: 'The import file lacks the columns: {columns}' },
  IMPORT_NOT_XLSX: { 'zh-CN': '导入文件须为 xlsx 或 xls 格式', en: 'The import file must be xlsx or xls' },
  IMPORT_CELL_HIDDEN_FORMULA: {
    'zh-CN': '{field}以制表符或换行开头，其后是公式字符（= + - @）：请删除这些开头的字符',
    en: '{field} starts with a tab or line break followed by a formula character (= + - @): remove the leading characters',
  },
  IMPORT_TOO_MANY_ROWS: { 'zh-CN': '导入文件行数过多（最多 {max} 行）', en: 'The import file has too many rows (at most {max})' },
  TASK_WORKER_LOST: {
    'zh-CN': '执行该任务的进程已停止或运行超过时限（{minutes} 分钟）',
    en: 'the process running it stopped, or it ran past its time limit ({minutes} min)',
  },
  TASK_INTERNAL_ERROR: {
    'zh-CN': '发生内部错误（详情见服务器日志，任务 {taskId}）',
    en: 'an internal error occurred (details in the server log, task {taskId})',
  },
  TASK_TIME_LIMIT: { 'zh-CN': '运行超过时限（{minutes} 分钟）', en: 'it ran past its time limit ({minutes} min)' },
  TASK_RETRYING: {
    'zh-CN': '第 {attempt} 次尝试（共 {attempts} 次）失败：{reason}。等待重试',
    en: 'Attempt {attempt} of {attempts} failed: {reason}. Waiting to retry',
  },
  TASK_FAILED_AFTER: { 'zh-CN': '{attempts} 次尝试均失败：{reason}', en: 'Failed after {attempts} attempts: {reason}' },
  TASK_FAILED_NOTICE_TITLE: { 'zh-CN': '任务失败：{title}', en: 'Task failed: {title}' },
  TASK_FAILED_NOTICE: { 'zh-CN': '任务“{title}”失败。{reason}', en: 'The task "{title}" failed. {reason}' },
  TASK_NOT_FINISHED: { 'zh-CN': '任务尚未完成', en: 'The task has not finished' },
  // the text guard (platform/text-guard.ts)
  TEXT_INVALID_UNICODE: {
    'zh-CN': '字段 {field} 含有无效的 Unicode 字符（不成对的代理项）',
    en: 'The field {field} contains invalid Unicode (an unpaired surrogate), which is not allowed',
  },
  TEXT_NUL_CHARACTER: { 'zh-CN': '字段 {field} 含有不允许的空字符（\\0）', en: 'The field {field} contains a NUL character (\\0), which is not allowed' },
});

/** Validation rule messages: `{field}` is the translated field label followed by its key. */
export const validationRules = defineErrors({
  required: { 'zh-CN': '{field}必填', en: '{field} is required' },
  type: { 'zh-CN': '{field}应为{expected}', en: '{field} must be {expected}' },
  min: { 'zh-CN': '{field}不能小于 {min}', en: '{field} must be at least {min}' },
  max: { 'zh-CN': '{field}不能大于 {max}', en: '{field} must be at most {max}' },
  minLength: { 'zh-CN': '{field}至少 {min} 个字符', en: '{field} needs at least {min} characters' },
  maxLength: { 'zh-CN': '{field}最多 {max} 个字符', en: '{field} allows at most {max} characters' },
  minItems: { 'zh-CN': '{field}至少 {min} 项', en: '{field} needs at least {min} items' },
  maxItems: { 'zh-CN': '{field}最多 {max} 项', en: '{field} allows at most {max} items' },
  integer: { 'zh-CN': '{field}必须是整数', en: '{field} must be a whole number' },
  format: { 'zh-CN': '{field}格式不正确（{format}）', en: '{field} has the wrong format ({format})' },
  enum: { 'zh-CN': '{field}只能是 {allowed}', en: '{field} must be one of {allowed}' },
  unknownKey: { 'zh-CN': '不允许的字段 {field}', en: 'Unknown field {field}' },
  invalid: { 'zh-CN': '{field}无效', en: '{field} is invalid' },
});
export type ValidationRule = keyof typeof validationRules;

export const typeNames = defineErrors({
  string: { 'zh-CN': '文本', en: 'text' },
  number: { 'zh-CN': '数字', en: 'a number' },
  boolean: { 'zh-CN': '布尔值', en: 'true or false' },
  array: { 'zh-CN': '列表', en: 'a list' },
  object: { 'zh-CN': '对象', en: 'an object' },
  date: { 'zh-CN': '日期', en: 'a date' },
});
