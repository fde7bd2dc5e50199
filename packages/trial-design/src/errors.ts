/** Stable machine codes of every refusal the engine can give. */
export type DesignErrorCode =
  | 'NO_SUCH_DESIGN'
  | 'PARAM_REQUIRED'
  | 'PARAM_INVALID'
  | 'PARAM_OUT_OF_RANGE'
  | 'CHECK_REQUIRED'
  | 'DUPLICATE_ENTRY'
  | 'INSUFFICIENT_PLOTS'
  | 'PLOT_TOTAL_EXCEEDED'
  | 'BLOCK_COUNT_EXCEEDED'
  | 'DIGITS_TOO_FEW'
  | 'GENERATION_INVALID'
  | 'NO_DESIGN_EXISTS'
  | 'BLOCK_CROSSES_TIER'
  | 'FIELD_LAYOUT_IMPOSSIBLE'
  | 'CONSTRAINT_UNSATISFIED';

/** Values interpolated into the message templates. */
export type DesignErrorParams = Record<string, string | number>;

/**
 * Message templates per code, Chinese (the platform default) and English. Placeholders in braces are
 * filled from the error's params; every template uses only {param}, {allowed}, {value}, {design},
 * {required} and {available}, which the engine always supplies when a template names them.
 */
export const designErrorMessages: Record<DesignErrorCode, { 'zh-CN': string; en: string }> = {
  NO_SUCH_DESIGN: {
    'zh-CN': '不支持的设计方法 {value}，可选：{allowed}',
    en: 'Unknown design method {value}; allowed: {allowed}',
  },
  PARAM_REQUIRED: {
    'zh-CN': '设计方法 {design} 需要参数 {param}（{allowed}）',
    en: 'The {design} design needs parameter {param} ({allowed})',
  },
  PARAM_INVALID: {
    'zh-CN': '参数 {param} 的值 {value} 无效，允许：{allowed}',
    en: 'Parameter {param} has an invalid value {value}; allowed: {allowed}',
  },
  PARAM_OUT_OF_RANGE: {
    'zh-CN': '参数 {param} = {value} 超出范围，允许：{allowed}',
    en: 'Parameter {param} = {value} is out of range; allowed: {allowed}',
  },
  CHECK_REQUIRED: {
    'zh-CN': '设计方法 {design} 至少需要一个对照（{param}）',
    en: 'The {design} design needs at least one check entry ({param})',
  },
  DUPLICATE_ENTRY: {
    'zh-CN': '{param} 中的 {value} 重复出现，{allowed}',
    en: '{value} appears more than once in {param}; {allowed}',
  },
  INSUFFICIENT_PLOTS: {
    'zh-CN': '小区不足：田块可用 {available} 个小区，设计需要 {required} 个（{param}）',
    en: 'Insufficient plots: the field has {available} usable plots but the design needs {required} ({param})',
  },
  PLOT_TOTAL_EXCEEDED: {
    'zh-CN': '小区总数 {value} 超过上限 {allowed}（{param}）',
    en: 'Plot total {value} exceeds the maximum of {allowed} ({param})',
  },
  BLOCK_COUNT_EXCEEDED: {
    'zh-CN': '区组数 {value} 超过上限，允许：{allowed}（{param}）',
    en: 'Block count {value} exceeds the maximum; allowed: {allowed} ({param})',
  },
  DIGITS_TOO_FEW: {
    'zh-CN': '小区编号需要 {required} 位，但 {param} 为 {value}，允许：{allowed}',
    en: 'Plot numbers need {required} digits but {param} is {value}; allowed: {allowed}',
  },
  GENERATION_INVALID: {
    'zh-CN': '世代“{value}”格式无效，应为 F、D 或 BC 形式（如 F1、D1、BC1F1）（{param}）',
    en: 'Generation "{value}" is not of the form F1, D1 or BC1F1 ({param})',
  },
  NO_DESIGN_EXISTS: {
    'zh-CN': '{param} = {value} 时不存在 {design} 设计，允许：{allowed}',
    en: 'No {design} design exists for {param} = {value}; allowed: {allowed}',
  },
  BLOCK_CROSSES_TIER: {
    'zh-CN': '{required} 个小区的区组无法放入单个层而不跨层（{param}），需要：{allowed}',
    en: 'A block of {required} plots cannot be placed without crossing a tier ({param}); needs: {allowed}',
  },
  FIELD_LAYOUT_IMPOSSIBLE: {
    'zh-CN': '田块无法容纳该设计的布局（{param}），需要：{allowed}',
    en: 'The field cannot hold the layout of this design ({param}); needs: {allowed}',
  },
  CONSTRAINT_UNSATISFIED: {
    'zh-CN': '未找到满足 {param} 的布局，{allowed}',
    en: 'No layout satisfying {param} was found; {allowed}',
  },
};

/** Supported message languages. */
export type DesignErrorLocale = 'zh-CN' | 'en';

/** Fills a template's {placeholders}; unknown placeholders are left visible rather than dropped. */
export function formatDesignErrorMessage(code: DesignErrorCode, params: DesignErrorParams, locale: DesignErrorLocale = 'zh-CN'): string {
  return designErrorMessages[code][locale].replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}

/** A refused request: names the parameter and what it may be. */
export class DesignError extends Error {
  readonly code: DesignErrorCode;
  readonly param: string;
  readonly allowed: string;
  readonly params: DesignErrorParams;

  constructor(code: DesignErrorCode, param: string, allowed: string, params: DesignErrorParams = {}) {
    const all: DesignErrorParams = { param, allowed, ...params };
    super(formatDesignErrorMessage(code, all, 'en'));
    this.name = 'DesignError';
    this.code = code;
    this.param = param;
    this.allowed = allowed;
    this.params = all;
  }

  /** The message in the requested language. */
  localized(locale: DesignErrorLocale): string {
    return formatDesignErrorMessage(this.code, this.params, locale);
  }
}
