/**
 * @breedwise/expr: a small safe expression language for workflow gateway conditions and formula
 * attributes. Text is parsed into a tree and the tree is interpreted: nothing is ever handed to
 * `eval`, `Function` or a JavaScript engine, variables are read as own properties of plain data,
 * and every parse and evaluation is bounded.
 */
import { stripPositions, type ExprNode } from './ast';
import { evaluate, type EvaluateOptions, type ExprValue, type Variables } from './evaluate';
import { parseExpression, type ParseOptions } from './parse';

export { FUNCTIONS, PRECEDENCE, isFunctionName, precedenceOf, stripPositions, type ExprNode, type BinaryOp, type FunctionName } from './ast';
export { ExprError, exprMessages, exprTypeNames, formatMessage, type ExprErrorCode, type ExprErrorParams } from './errors';
export { evaluate, roundDecimal, typeName, type EvaluateOptions, type ExprValue, type Variables } from './evaluate';
export { parseExpression, isRefusedName, DEFAULT_LIMITS, type ParseOptions } from './parse';
export { printExpression } from './print';

/** The variables a tree reads, as dotted names, each once, in order of first use. */
export function variablesOf(ast: ExprNode): string[] {
  const seen = new Set<string>();
  const walk = (n: ExprNode): void => {
    switch (n.type) {
      case 'var':
        seen.add(n.path.join('.'));
        return;
      case 'unary':
        return walk(n.arg);
      case 'binary':
      case 'logical':
        walk(n.left);
        return walk(n.right);
      case 'in':
        walk(n.value);
        return n.list.forEach(walk);
      case 'cond':
        walk(n.test);
        walk(n.then);
        return walk(n.else);
      case 'call':
        return n.args.forEach(walk);
      default:
        return;
    }
  };
  walk(ast);
  return [...seen];
}

export interface CompiledExpression {
  source: string;
  ast: ExprNode;
  variables: string[];
  evaluate(vars?: Variables, opts?: EvaluateOptions): ExprValue;
}

/** Parses once (throws ExprError), evaluates many times. */
export function compile(src: string, opts: ParseOptions = {}): CompiledExpression {
  const ast = parseExpression(src, opts);
  return { source: src, ast, variables: variablesOf(ast), evaluate: (vars = {}, evalOpts = {}) => evaluate(ast, vars, evalOpts) };
}

/** True when two trees are the same apart from positions. */
export function sameTree(a: ExprNode, b: ExprNode): boolean {
  return JSON.stringify(stripPositions(a)) === JSON.stringify(stripPositions(b));
}
