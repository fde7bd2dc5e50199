import { FUNCTIONS, isFunctionName, type ExprNode } from './ast';
import { ExprError } from './errors';
import { isRefusedName } from './parse';

/** A value an expression handles: JSON data. */
export type ExprValue = number | string | boolean | null | ExprValue[] | { [key: string]: ExprValue };
export type Variables = Readonly<Record<string, unknown>>;

export interface EvaluateOptions {
  /** Most node evaluations (default 10,000): a bound even for trees built by hand. */
  maxSteps?: number;
  /** Most nesting while evaluating (default 1,000). */
  maxDepth?: number;
}

const own = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

export function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'list';
  const t = typeof v;
  if (t === 'number' || t === 'string' || t === 'boolean') return t;
  return 'object';
}

const isPrimitive = (v: unknown): v is number | string | boolean | null =>
  v === null || typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean';

function typeError(node: ExprNode, op: string, ...values: unknown[]): never {
  throw new ExprError('EXPR_TYPE', node.pos, { op, types: values.map(typeName).join(', ') });
}

function finite(node: ExprNode, op: string, v: number): number {
  if (!Number.isFinite(v)) throw new ExprError('EXPR_NOT_FINITE', node.pos, { op });
  return v;
}

/** A variable's value from the bag: own properties only, never the prototype chain; data only. */
function lookup(node: ExprNode & { type: 'var' }, vars: Variables): ExprValue {
  const name = node.path.join('.');
  let cur: unknown = vars;
  for (const part of node.path) {
    if (isRefusedName(part)) throw new ExprError('EXPR_CALL_REFUSED', node.pos, { found: part });
    if (!isPlainObject(cur) || !own(cur, part)) throw new ExprError('EXPR_UNKNOWN_VARIABLE', node.pos, { name });
    cur = cur[part];
  }
  if (cur === undefined) throw new ExprError('EXPR_UNKNOWN_VARIABLE', node.pos, { name });
  if (isPrimitive(cur) || Array.isArray(cur) || isPlainObject(cur)) return cur as ExprValue;
  // Functions, symbols, big integers, class instances: not data.
  return typeError(node, name, cur);
}

/** Rounds half away from zero at `digits` decimals, in decimal (1.005 -> 1.01 at 2 digits). */
export function roundDecimal(x: number, digits: number): number {
  const sign = x < 0 ? -1 : 1;
  const a = Math.abs(x);
  const text = String(a);
  if (text.includes('e')) {
    const f = 10 ** digits;
    return (sign * Math.round(a * f)) / f;
  }
  return sign * Number(`${Math.round(Number(`${text}e${digits}`))}e-${digits}`);
}

class Evaluator {
  private steps = 0;
  private depth = 0;
  private readonly maxSteps: number;
  private readonly maxDepth: number;
  constructor(
    private readonly vars: Variables,
    opts: EvaluateOptions,
  ) {
    this.maxSteps = opts.maxSteps ?? 10_000;
    this.maxDepth = opts.maxDepth ?? 1_000;
  }

  eval(node: ExprNode): ExprValue {
    if (node === null || typeof node !== 'object') throw new ExprError('EXPR_SYNTAX', -1, { found: String(node) });
    if (++this.steps > this.maxSteps) throw new ExprError('EXPR_TOO_COMPLEX', node.pos ?? -1, { limit: this.maxSteps });
    if (++this.depth > this.maxDepth) throw new ExprError('EXPR_TOO_DEEP', node.pos ?? -1, { limit: this.maxDepth });
    try {
      return this.evalNode(node);
    } finally {
      this.depth--;
    }
  }

  private bool(node: ExprNode, op: string): boolean {
    const v = this.eval(node);
    if (typeof v !== 'boolean') typeError(node, op, v);
    return v;
  }

  private evalNode(node: ExprNode): ExprValue {
    switch (node.type) {
      case 'num':
      case 'str':
      case 'bool':
        return node.value;
      case 'null':
        return null;
      case 'var':
        return lookup(node, this.vars);
      case 'unary': {
        const v = this.eval(node.arg);
        if (node.op === 'not') {
          if (typeof v !== 'boolean') typeError(node, 'not', v);
          return !v;
        }
        if (typeof v !== 'number') typeError(node, node.op, v);
        return node.op === '-' ? -v : v;
      }
      case 'logical': {
        const left = this.bool(node.left, node.op);
        if (node.op === 'and' ? !left : left) return left;
        return this.bool(node.right, node.op);
      }
      case 'cond':
        return this.bool(node.test, '?') ? this.eval(node.then) : this.eval(node.else);
      case 'in': {
        const v = this.eval(node.value);
        if (!isPrimitive(v)) typeError(node, 'in', v);
        for (const item of node.list) {
          const x = this.eval(item);
          if (!isPrimitive(x)) typeError(item, 'in', x);
          if (x === v) return true;
        }
        return false;
      }
      case 'binary':
        return this.binary(node);
      case 'call':
        return this.call(node);
      default:
        throw new ExprError('EXPR_SYNTAX', (node as { pos?: number }).pos ?? -1, { found: String((node as { type?: unknown }).type) });
    }
  }

  private binary(node: ExprNode & { type: 'binary' }): ExprValue {
    const l = this.eval(node.left);
    const r = this.eval(node.right);
    const op = node.op;
    switch (op) {
      case '==':
      case '!=':
        if (!isPrimitive(l) || !isPrimitive(r)) typeError(node, op, l, r);
        return op === '==' ? l === r : l !== r;
      case '<':
      case '<=':
      case '>':
      case '>=': {
        if (!((typeof l === 'number' && typeof r === 'number') || (typeof l === 'string' && typeof r === 'string'))) typeError(node, op, l, r);
        const a = l as number | string;
        const b = r as number | string;
        return op === '<' ? a < b : op === '<=' ? a <= b : op === '>' ? a > b : a >= b;
      }
      case '+':
        if (typeof l === 'string' && typeof r === 'string') {
          if (l.length + r.length > 100_000) throw new ExprError('EXPR_TOO_COMPLEX', node.pos, { limit: 100_000 });
          return l + r;
        }
        if (typeof l !== 'number' || typeof r !== 'number') typeError(node, op, l, r);
        return finite(node, op, l + r);
      case '-':
      case '*':
      case '/':
      case '%': {
        if (typeof l !== 'number' || typeof r !== 'number') typeError(node, op, l, r);
        if ((op === '/' || op === '%') && r === 0) throw new ExprError('EXPR_DIVISION_BY_ZERO', node.pos);
        return finite(node, op, op === '-' ? l - r : op === '*' ? l * r : op === '/' ? l / r : l % r);
      }
      default:
        throw new ExprError('EXPR_SYNTAX', node.pos, { found: String(op) });
    }
  }

  private call(node: ExprNode & { type: 'call' }): ExprValue {
    const name = node.name;
    if (typeof name !== 'string' || !isFunctionName(name))
      throw new ExprError('EXPR_UNKNOWN_FUNCTION', node.pos, { name: String(name), allowed: Object.keys(FUNCTIONS).join(', ') });
    const [least, most] = FUNCTIONS[name];
    if (!Array.isArray(node.args) || node.args.length < least || node.args.length > most)
      throw new ExprError('EXPR_ARITY', node.pos, { name, expected: least === most ? least : `${least}-${most}`, got: node.args?.length ?? 0 });
    const args = node.args.map((a) => this.eval(a));
    const num = (i: number): number => {
      if (typeof args[i] !== 'number') typeError(node, name, ...args);
      return args[i] as number;
    };
    switch (name) {
      case 'min':
      case 'max': {
        const list = args.length === 1 && Array.isArray(args[0]) ? args[0] : args;
        if (list.length === 0 || list.some((v) => typeof v !== 'number')) typeError(node, name, ...list);
        return name === 'min' ? Math.min(...(list as number[])) : Math.max(...(list as number[]));
      }
      case 'abs':
        return Math.abs(num(0));
      case 'floor':
        return Math.floor(num(0));
      case 'ceil':
        return Math.ceil(num(0));
      case 'sqrt':
        return finite(node, name, Math.sqrt(num(0)));
      case 'round': {
        const x = num(0);
        const digits = args.length > 1 ? num(1) : 0;
        if (!Number.isInteger(digits) || digits < 0 || digits > 15) typeError(node, name, ...args);
        return finite(node, name, roundDecimal(x, digits));
      }
      case 'len': {
        const v = args[0];
        if (typeof v === 'string') return [...v].length;
        if (Array.isArray(v)) return v.length;
        return typeError(node, name, v);
      }
      case 'contains': {
        const [hay, needle] = args;
        if (typeof hay === 'string' && typeof needle === 'string') return hay.includes(needle);
        if (Array.isArray(hay) && isPrimitive(needle)) return hay.includes(needle);
        return typeError(node, name, hay, needle);
      }
      case 'isEmpty': {
        const v = args[0];
        if (v === null) return true;
        if (typeof v === 'string') return v.trim() === '';
        if (Array.isArray(v)) return v.length === 0;
        if (typeof v === 'object') return Object.keys(v).length === 0;
        return false;
      }
    }
  }
}

/** Evaluates a tree over a bag of variables. Throws only ExprError. */
export function evaluate(ast: ExprNode, vars: Variables = {}, opts: EvaluateOptions = {}): ExprValue {
  if (vars === null || typeof vars !== 'object') throw new ExprError('EXPR_TYPE', -1, { op: 'variables', types: typeName(vars) });
  try {
    return new Evaluator(vars, opts).eval(ast);
  } catch (err) {
    if (err instanceof ExprError) throw err;
    // A stack overflow on a hand-built tree, a getter that throws: reported as too deep / a type error.
    if (err instanceof RangeError) throw new ExprError('EXPR_TOO_DEEP', -1, { limit: opts.maxDepth ?? 1000 });
    throw new ExprError('EXPR_TYPE', -1, { op: 'evaluate', types: 'object' });
  }
}
