/** Error codes of the expression language, with their zh-CN and en message templates. */

export type ExprErrorCode =
  | 'EXPR_SYNTAX'
  | 'EXPR_INCOMPLETE'
  | 'EXPR_UNKNOWN_VARIABLE'
  | 'EXPR_UNKNOWN_FUNCTION'
  | 'EXPR_ARITY'
  | 'EXPR_CALL_REFUSED'
  | 'EXPR_DIVISION_BY_ZERO'
  | 'EXPR_TYPE'
  | 'EXPR_NOT_FINITE'
  | 'EXPR_TOO_LONG'
  | 'EXPR_TOO_COMPLEX'
  | 'EXPR_TOO_DEEP';

export type ExprErrorParams = Record<string, string | number>;

/**
 * Message templates by code, `{name}` placeholders filled from the error's params. Every error has
 * `column` (1-based character of the fault, 0 when it has no place in the text) besides the params
 * named in its template. Shaped like the contracts' `defineErrors` tables so they merge as they are.
 */
export const exprMessages: Record<ExprErrorCode, { 'zh-CN': string; en: string }> = {
  EXPR_SYNTAX: {
    'zh-CN': '表达式第 {column} 个字符处有语法错误：不应出现 {found}',
    en: 'Syntax error at character {column} of the expression: unexpected {found}',
  },
  EXPR_INCOMPLETE: { 'zh-CN': '表达式不完整（在第 {column} 个字符处结束）', en: 'The expression is incomplete (it ends at character {column})' },
  EXPR_UNKNOWN_VARIABLE: { 'zh-CN': '表达式中的变量 {name} 不存在', en: 'The expression uses an unknown variable {name}' },
  EXPR_UNKNOWN_FUNCTION: {
    'zh-CN': '表达式中的函数 {name} 不存在，可用的函数：{allowed}',
    en: 'The expression calls an unknown function {name}; the functions are {allowed}',
  },
  EXPR_ARITY: { 'zh-CN': '函数 {name} 需要 {expected} 个参数，实际给了 {got} 个', en: 'The function {name} takes {expected} arguments, not {got}' },
  EXPR_CALL_REFUSED: {
    'zh-CN': '表达式第 {column} 个字符处的 {found} 不被允许：表达式只能使用变量、运算符和内置函数',
    en: '{found} at character {column} is not allowed: an expression may only use variables, operators and the built-in functions',
  },
  EXPR_DIVISION_BY_ZERO: { 'zh-CN': '表达式第 {column} 个字符处除数为零', en: 'Division by zero at character {column} of the expression' },
  EXPR_TYPE: {
    'zh-CN': '表达式第 {column} 个字符处的 {op} 不能用于这些类型的值：{types}',
    en: '{op} at character {column} of the expression cannot apply to values of type {types}',
  },
  EXPR_NOT_FINITE: { 'zh-CN': '表达式第 {column} 个字符处的 {op} 结果不是有限的数', en: 'The result of {op} at character {column} is not a finite number' },
  EXPR_TOO_LONG: { 'zh-CN': '表达式过长（最多 {limit} 个字符）', en: 'The expression is too long (at most {limit} characters)' },
  EXPR_TOO_COMPLEX: { 'zh-CN': '表达式过于复杂（最多 {limit} 个运算单元）', en: 'The expression is too complex (at most {limit} terms)' },
  EXPR_TOO_DEEP: { 'zh-CN': '表达式嵌套过深（上限 {limit} 层）', en: 'The expression is nested too deeply (at most {limit} levels)' },
};

/** Names of value types as they appear in the `types` param of EXPR_TYPE. */
export const exprTypeNames: Record<string, { 'zh-CN': string; en: string }> = {
  number: { 'zh-CN': '数值', en: 'number' },
  string: { 'zh-CN': '文本', en: 'text' },
  boolean: { 'zh-CN': '布尔值', en: 'boolean' },
  null: { 'zh-CN': '空值', en: 'null' },
  list: { 'zh-CN': '列表', en: 'list' },
  object: { 'zh-CN': '对象', en: 'object' },
};

/** Fills a template's `{name}` placeholders; unknown names stay as they are. */
export function formatMessage(template: string, params: ExprErrorParams): string {
  return template.replace(/\{(\w+)\}/g, (all, key: string) => (Object.prototype.hasOwnProperty.call(params, key) ? String(params[key]) : all));
}

/** The only error the expression language throws. `position` is the 0-based offset in the source (-1 when none). */
export class ExprError extends Error {
  readonly code: ExprErrorCode;
  readonly position: number;
  readonly params: ExprErrorParams;
  constructor(code: ExprErrorCode, position: number, params: ExprErrorParams = {}) {
    const all = { column: position + 1, ...params };
    super(formatMessage(exprMessages[code].en, all));
    this.name = 'ExprError';
    this.code = code;
    this.position = position;
    this.params = all;
  }
  /** The message in a locale of the contracts ('zh-CN' or 'en'). */
  localized(locale: 'zh-CN' | 'en'): string {
    return formatMessage(exprMessages[this.code][locale], this.params);
  }
}
