/** Hard limits taken from the platform specification (section 5 and 9). */
export const MAX_SNP = 100_000;
export const NAME_LIMITS = {
  dataset: 25,
  datasetDescription: 50,
  model: 20,
  validationTask: 25,
  predictionTask: 20,
} as const;
/** Selection-index weights must add up to this. */
export const INDEX_WEIGHT_TOTAL = 100;

export type GsErrorCode =
  | 'SNP_LIMIT_EXCEEDED'
  | 'SAMPLE_CODE_INVALID'
  | 'PEDIGREE_CODE_INVALID'
  | 'FILE_NAME_HAS_SPACE'
  | 'FILE_NOT_FOUND'
  | 'FILE_FORMAT_INVALID'
  | 'ZIP_CONTENT_INVALID'
  | 'GENOTYPE_VALUE_INVALID'
  | 'DUPLICATE_SAMPLE'
  | 'DUPLICATE_MARKER'
  | 'PHENO_COLUMN_MISSING'
  | 'PHENO_VALUE_INVALID'
  | 'TRAIT_NOT_NUMERIC'
  | 'NO_COMMON_SAMPLES'
  | 'TOO_FEW_OBSERVATIONS'
  | 'NO_MARKERS_LEFT'
  | 'FOLD_FILE_INVALID'
  | 'PEDIGREE_INVALID'
  | 'MATRIX_NOT_PSD'
  | 'FIXED_EFFECTS_RANK_DEFICIENT'
  | 'MODEL_FIT_FAILED'
  | 'INDEX_WEIGHTS_INVALID'
  | 'ARGUMENT_INVALID'
  | 'ABORTED';

type Messages = Record<GsErrorCode, { 'zh-CN': string; en: string }>;

/**
 * Message templates per error code for the server to translate. Placeholders in braces are filled
 * from `GsError.params` (always including file, line and rule when known).
 */
export const gsErrorMessages: Messages = {
  SNP_LIMIT_EXCEEDED: {
    'zh-CN': '文件 {file} 含 {count} 个SNP位点，超过上限 {max}',
    en: 'File {file} has {count} SNP loci, more than the limit of {max}',
  },
  SAMPLE_CODE_INVALID: {
    'zh-CN': '文件 {file} 第 {line} 行：样品编号 "{code}" 不能含中文、特殊字符、空格或逗号',
    en: 'File {file} line {line}: sample code "{code}" must not contain Chinese, special characters, spaces or commas',
  },
  PEDIGREE_CODE_INVALID: {
    'zh-CN': '文件 {file} 第 {line} 行：系谱编号 "{code}" 不能含中文、特殊字符、空格或逗号',
    en: 'File {file} line {line}: pedigree code "{code}" must not contain Chinese, special characters, spaces or commas',
  },
  FILE_NAME_HAS_SPACE: {
    'zh-CN': '文件名 "{file}" 不能含空格',
    en: 'File name "{file}" must not contain spaces',
  },
  FILE_NOT_FOUND: { 'zh-CN': '找不到文件 {file}', en: 'File {file} not found' },
  FILE_FORMAT_INVALID: {
    'zh-CN': '文件 {file} 第 {line} 行格式错误：{detail}',
    en: 'File {file} line {line} is malformed: {detail}',
  },
  ZIP_CONTENT_INVALID: {
    'zh-CN': '压缩包 {file} 内容不符合要求：{detail}',
    en: 'Archive {file} is not acceptable: {detail}',
  },
  GENOTYPE_VALUE_INVALID: {
    'zh-CN': '文件 {file} 第 {line} 行：基因型值 "{value}" 无效，应为 0、1、2 或缺失',
    en: 'File {file} line {line}: genotype value "{value}" is invalid; expected 0, 1, 2 or missing',
  },
  DUPLICATE_SAMPLE: {
    'zh-CN': '文件 {file} 第 {line} 行：样品编号 "{code}" 重复',
    en: 'File {file} line {line}: sample code "{code}" is duplicated',
  },
  DUPLICATE_MARKER: {
    'zh-CN': '文件 {file} 第 {line} 行：标记 "{code}" 重复',
    en: 'File {file} line {line}: marker "{code}" is duplicated',
  },
  PHENO_COLUMN_MISSING: {
    'zh-CN': '表型文件 {file} 缺少列 "{column}"',
    en: 'Phenotype file {file} has no column "{column}"',
  },
  PHENO_VALUE_INVALID: {
    'zh-CN': '表型文件 {file} 第 {line} 行：列 "{column}" 的值 "{value}" 不是数字',
    en: 'Phenotype file {file} line {line}: value "{value}" in column "{column}" is not a number',
  },
  TRAIT_NOT_NUMERIC: {
    'zh-CN': '性状 "{column}" 没有数值',
    en: 'Trait "{column}" has no numeric values',
  },
  NO_COMMON_SAMPLES: {
    'zh-CN': '基因型与表型文件没有共同的样品',
    en: 'The genotype and phenotype files share no samples',
  },
  TOO_FEW_OBSERVATIONS: {
    'zh-CN': '有效观测数 {count} 太少（至少需要 {min}）',
    en: 'Only {count} usable observations; at least {min} are needed',
  },
  NO_MARKERS_LEFT: {
    'zh-CN': '质控后没有剩余标记（最小等位基因频率 {maf}，检出率 {callRate}）',
    en: 'No markers remain after quality control (MAF {maf}, call rate {callRate})',
  },
  FOLD_FILE_INVALID: {
    'zh-CN': '分组文件 {file} 第 {line} 行：{detail}',
    en: 'Fold file {file} line {line}: {detail}',
  },
  PEDIGREE_INVALID: {
    'zh-CN': '系谱文件 {file} 第 {line} 行：{detail}',
    en: 'Pedigree file {file} line {line}: {detail}',
  },
  MATRIX_NOT_PSD: {
    'zh-CN': '关系矩阵不是半正定矩阵（最小特征值 {value}）',
    en: 'The relationship matrix is not positive semi-definite (smallest eigenvalue {value})',
  },
  FIXED_EFFECTS_RANK_DEFICIENT: {
    'zh-CN': '固定效应设计矩阵不满秩（{detail}）',
    en: 'The fixed-effect design matrix is rank deficient ({detail})',
  },
  MODEL_FIT_FAILED: {
    'zh-CN': '模型无法拟合：{detail}',
    en: 'The model could not be fitted: {detail}',
  },
  INDEX_WEIGHTS_INVALID: {
    'zh-CN': '选择指数权重无效：{detail}',
    en: 'Selection index weights are invalid: {detail}',
  },
  ARGUMENT_INVALID: { 'zh-CN': '参数无效：{detail}', en: 'Invalid argument: {detail}' },
  ABORTED: { 'zh-CN': '计算已取消', en: 'The computation was cancelled' },
};

export interface GsErrorInit {
  file?: string;
  line?: number;
  rule?: string;
  params?: Record<string, string | number>;
}

/** A validation or computation failure with a stable machine code and the place it was found. */
export class GsError extends Error {
  readonly code: GsErrorCode;
  readonly file?: string;
  readonly line?: number;
  readonly rule?: string;
  readonly params: Record<string, string | number>;

  constructor(code: GsErrorCode, init: GsErrorInit = {}) {
    const params: Record<string, string | number> = { ...init.params };
    if (init.file !== undefined) params.file = init.file;
    if (init.line !== undefined) params.line = init.line;
    if (init.rule !== undefined) params.rule = init.rule;
    super(formatGsMessage(code, params, 'en'));
    this.name = 'GsError';
    this.code = code;
    this.file = init.file;
    this.line = init.line;
    this.rule = init.rule;
    this.params = params;
  }
}

/** Fills a message template for `code` in the given language; unknown placeholders stay visible. */
export function formatGsMessage(code: GsErrorCode, params: Record<string, string | number>, lang: 'zh-CN' | 'en' = 'en'): string {
  return gsErrorMessages[code][lang].replace(/\{(\w+)\}/g, (whole, key: string) => (params[key] === undefined ? whole : String(params[key])));
}

/** Throws `ABORTED` when the signal has fired; called between units of work. */
export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw new GsError('ABORTED');
}
