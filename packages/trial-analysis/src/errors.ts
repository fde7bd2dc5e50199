/** Stable machine codes of every refusal the analysis engine can give. */
export type AnalysisErrorCode =
  | 'UNKNOWN_DESIGN'
  | 'DESIGN_FACTOR_MISSING'
  | 'INVALID_VALUE'
  | 'DUPLICATE_PLOT'
  | 'TRAIT_MISSING'
  | 'TOO_FEW_OBSERVATIONS'
  | 'TOO_FEW_ENTRIES'
  | 'CHECKS_MISSING'
  | 'NOT_ESTIMABLE'
  | 'FIT_FAILED';

/** Values interpolated into the message templates. */
export type AnalysisErrorParams = Record<string, string | number>;

/** Supported message languages. */
export type AnalysisErrorLocale = 'zh-CN' | 'en';

/**
 * Message templates per code, Chinese (the platform default) and English. Placeholders in braces are
 * filled from the error's params; the engine always supplies every placeholder a template names.
 */
export const analysisErrorMessages: Record<AnalysisErrorCode, Record<AnalysisErrorLocale, string>> = {
  UNKNOWN_DESIGN: {
    'zh-CN': '不支持的试验设计 {value}，可选：{allowed}',
    en: 'Unknown design {value}; allowed: {allowed}',
  },
  DESIGN_FACTOR_MISSING: {
    'zh-CN': '{design} 设计的分析需要列 {column}，小区 {plotId} 缺少该值',
    en: 'The {design} analysis needs column {column}, which plot {plotId} lacks',
  },
  INVALID_VALUE: {
    'zh-CN': '小区 {plotId} 的 {column} 值“{value}”无效：{rule}',
    en: 'Plot {plotId} has an invalid {column} value "{value}": {rule}',
  },
  DUPLICATE_PLOT: {
    'zh-CN': '小区编号 {plotId} 重复出现',
    en: 'Plot id {plotId} appears more than once',
  },
  TRAIT_MISSING: {
    'zh-CN': '数据中没有性状列 {trait}',
    en: 'The data have no trait column {trait}',
  },
  TOO_FEW_OBSERVATIONS: {
    'zh-CN': '性状 {trait} 的有效观测值太少：{n} 个观测值，模型需要至少 {required} 个',
    en: 'Trait {trait} has too few observations: {n}, the model needs at least {required}',
  },
  TOO_FEW_ENTRIES: {
    'zh-CN': '性状 {trait} 只有 {entries} 个材料有观测值，分析至少需要 2 个',
    en: 'Trait {trait} has observations on {entries} entries only; the analysis needs at least 2',
  },
  CHECKS_MISSING: {
    'zh-CN': '增广设计的性状 {trait} 需要至少一个在多个区组出现的对照，未找到',
    en: 'The augmented analysis of trait {trait} needs at least one check observed in more than one block; none found',
  },
  NOT_ESTIMABLE: {
    'zh-CN': '性状 {trait} 的 {term} 水平 {level} 不可估计（与其他效应混杂，例如区组内没有对照或整个重复缺失）',
    en: 'Level {level} of {term} is not estimable for trait {trait} (confounded with other effects, e.g. a block without checks)',
  },
  FIT_FAILED: {
    'zh-CN': '性状 {trait} 的混合模型拟合失败：{detail}',
    en: 'The mixed model of trait {trait} could not be fitted: {detail}',
  },
};

/** Fills a template's {placeholders}; unknown placeholders are left visible rather than dropped. */
export function formatAnalysisErrorMessage(code: AnalysisErrorCode, params: AnalysisErrorParams, locale: AnalysisErrorLocale = 'zh-CN'): string {
  return analysisErrorMessages[code][locale].replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}

/** A refused analysis: a stable code and the values its message names. */
export class AnalysisError extends Error {
  readonly code: AnalysisErrorCode;
  readonly params: AnalysisErrorParams;

  constructor(code: AnalysisErrorCode, params: AnalysisErrorParams) {
    super(formatAnalysisErrorMessage(code, params, 'en'));
    this.name = 'AnalysisError';
    this.code = code;
    this.params = params;
  }

  /** The message in the requested language. */
  localized(locale: AnalysisErrorLocale): string {
    return formatAnalysisErrorMessage(this.code, this.params, locale);
  }
}
