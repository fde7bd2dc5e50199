import { defineModuleErrors, type Translations } from '../errors';

/** Every error of the data pipelines: codes carry the ETL_ prefix. */
export const etlErrors = defineModuleErrors('ETL', {
  ETL_BUSINESS_TYPE_UNKNOWN: { 'zh-CN': '业务类型 {type} 不存在', en: 'Business type {type} does not exist' },
  ETL_BUSINESS_CODE_EXISTS: { 'zh-CN': '业务数据表编码 {code} 已存在', en: 'Business data table code {code} already exists' },
  ETL_BUSINESS_COLUMN_REPEATED: { 'zh-CN': '列 {key} 重复', en: 'Column {key} appears twice' },
  ETL_MAPPING_TARGET_UNKNOWN: {
    'zh-CN': '映射第 {index} 行：目标字段 {field} 不是 {type} 的字段',
    en: 'Mapping line {index}: target field {field} is not a field of {type}',
  },
  ETL_MAPPING_TARGET_REPEATED: { 'zh-CN': '目标字段 {field} 被映射了两次', en: 'Target field {field} is mapped twice' },
  ETL_MAPPING_REQUIRED: { 'zh-CN': '必填的目标字段 {field} 没有映射来源列', en: 'The required target field {field} has no source column' },
  ETL_MAPPING_LOOKUP: {
    'zh-CN': '映射第 {index} 行：查找 {lookup} 不适用于目标字段 {field}',
    en: 'Mapping line {index}: lookup {lookup} does not apply to target field {field}',
  },
  ETL_SOURCE_COLUMN_MISSING: { 'zh-CN': '数据源中没有列 {column}', en: 'The source has no column {column}' },
  ETL_CONVERT: {
    'zh-CN': '第 {row} 行列 {column}：值“{value}”不能转换为{typeZh}',
    en: 'Row {row}, column {column}: value "{value}" is not a valid {typeEn}',
  },
  ETL_VALUE_REQUIRED: { 'zh-CN': '第 {row} 行列 {column}：{field} 不能为空', en: 'Row {row}, column {column}: {field} is required' },
  ETL_LOOKUP_MISS: {
    'zh-CN': '第 {row} 行列 {column}：找不到{lookupZh}“{value}”',
    en: 'Row {row}, column {column}: no {lookupEn} "{value}"',
  },
  ETL_KEY_REPEATED: {
    'zh-CN': '第 {row} 行：键 {key} 与第 {first} 行重复',
    en: 'Row {row}: key {key} repeats row {first}',
  },
  ETL_KEY_EXISTS: { 'zh-CN': '键 {key} 的数据已存在', en: 'A row with key {key} already exists' },
  ETL_SQL_NOT_SELECT: {
    'zh-CN': 'SQL 只能是一条 SELECT（或 WITH ... SELECT）查询',
    en: 'The SQL must be a single SELECT (or WITH ... SELECT) query',
  },
  ETL_URL_SCHEME: { 'zh-CN': '只允许 http 和 https 地址（收到 {scheme}）', en: 'Only http and https addresses are allowed (got {scheme})' },
  ETL_URL_HOST: {
    'zh-CN': '地址 {host} 指向本机或内网，不允许访问',
    en: 'Address {host} points to this machine or a private network and is not allowed',
  },
  ETL_URL_CREDENTIALS: { 'zh-CN': '地址中不能包含用户名或密码', en: 'The address must not contain a user name or password' },
  ETL_FILE_TOO_LARGE: { 'zh-CN': '文件超过 {limit} MB 的上限', en: 'The file exceeds the {limit} MB limit' },
  ETL_FILE_REQUIRED: { 'zh-CN': '文件数据源的流水线运行时需要上传文件', en: 'A file pipeline needs a file to run' },
  ETL_FILE_FORMAT: { 'zh-CN': '无法读取文件：{reason}', en: 'The file cannot be read: {reason}' },
  ETL_SOURCE_FAILED: { 'zh-CN': '读取数据源失败：{reason}', en: 'Reading the source failed: {reason}' },
  ETL_SOURCE_TOO_LARGE: { 'zh-CN': '数据源的响应超过 {limit} 字节', en: 'The source answered more than {limit} bytes' },
  ETL_SOURCE_ROWS: { 'zh-CN': '数据源超过 {limit} 行的上限', en: 'The source has more than the limit of {limit} rows' },
  ETL_JSON_PATH: { 'zh-CN': 'JSON 路径 {path} 没有指向对象数组', en: 'JSON path {path} does not lead to a list of objects' },
  ETL_RUN_REFUSED: {
    'zh-CN': '{refused} 行未通过检查，本次运行未载入任何数据',
    en: '{refused} rows failed the checks; this run loaded nothing',
  },
});

/** Field labels of the pipeline forms, for validation messages. */
export const etlFieldLabels: Record<string, Translations> = {
  businessType: { 'zh-CN': '业务类型', en: 'Business type' },
  mapping: { 'zh-CN': '列映射', en: 'Column mapping' },
  source: { 'zh-CN': '数据源', en: 'Source' },
  columns: { 'zh-CN': '列', en: 'Columns' },
  businessId: { 'zh-CN': '业务数据表', en: 'Business data table' },
  pipelineId: { 'zh-CN': '流水线', en: 'Pipeline' },
  jsonPath: { 'zh-CN': 'JSON 路径', en: 'JSON path' },
  query: { 'zh-CN': '查询', en: 'Query' },
  url: { 'zh-CN': '地址', en: 'Address' },
};
