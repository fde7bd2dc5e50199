import { FUNCTIONS, isFunctionName, type BinaryOp, type ExprNode } from './ast';
import { ExprError } from './errors';

export interface ParseOptions {
  /** When given, a variable not in this list (nor under a listed prefix such as `form`) is refused at parse time. */
  variables?: readonly string[];
  /** Most characters of the source (default 4,000). */
  maxLength?: number;
  /** Most levels of nesting: parentheses, unary operators, conditionals, arguments (default 32). */
  maxDepth?: number;
  /** Most nodes of the tree (default 1,000). */
  maxNodes?: number;
}

export const DEFAULT_LIMITS = { maxLength: 4000, maxDepth: 32, maxNodes: 1000 } as const;

/**
 * Names refused anywhere (as a variable, a part of a dotted name or a function): they only mean
 * something to JavaScript, so an expression naming them is an attempt to reach code.
 */
const REFUSED_NAMES = new Set([
  'this',
  'prototype',
  'constructor',
  'require',
  'import',
  'process',
  'global',
  'globalThis',
  'window',
  'eval',
  'Function',
  'new',
  'function',
  'class',
  'delete',
  'typeof',
  'instanceof',
  'void',
  'return',
]);
export const isRefusedName = (name: string): boolean => REFUSED_NAMES.has(name) || name.startsWith('__');

const KEYWORDS = new Set(['true', 'false', 'null', 'and', 'or', 'not', 'in']);

type TokenKind = 'num' | 'str' | 'name' | 'op' | 'eof';
interface Token {
  kind: TokenKind;
  /** The operator, the name (dotted), the string's value or the number's text. */
  value: string;
  pos: number;
}

const NUMBER = /(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const NAME = /[\p{L}_][\p{L}\p{Nd}\p{Mn}\p{Mc}_]*/uy;
const SPACE = /\s+/y;
const OPERATORS = ['==', '!=', '<=', '>=', '&&', '||', '<', '>', '+', '-', '*', '/', '%', '!', '(', ')', '[', ']', ',', '?', ':'];
const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '\\': '\\', "'": "'", '"': '"' };

function match(re: RegExp, src: string, at: number): string | null {
  re.lastIndex = at;
  const m = re.exec(src);
  return m ? m[0] : null;
}

/** Splits `src[start, end)` into tokens; positions are offsets in `src`. */
function tokenize(src: string, start: number, end: number): Token[] {
  const tokens: Token[] = [];
  let i = start;
  while (i < end) {
    const space = match(SPACE, src, i);
    if (space) {
      i += space.length;
      continue;
    }
    const ch = src[i];
    if (ch === '`') throw new ExprError('EXPR_CALL_REFUSED', i, { found: '`' });
    if (ch === "'" || ch === '"') {
      let value = '';
      let j = i + 1;
      for (;;) {
        if (j >= end) throw new ExprError('EXPR_INCOMPLETE', end);
        const c = src[j];
        if (c === ch) break;
        if (c === '\\') {
          const e = src[j + 1];
          if (j + 1 >= end) throw new ExprError('EXPR_INCOMPLETE', end);
          if (e === 'u') {
            const hex = src.slice(j + 2, j + 6);
            if (!/^[0-9a-fA-F]{4}$/.test(hex) || j + 6 > end) throw new ExprError('EXPR_SYNTAX', j, { found: `\\u${hex}` });
            value += String.fromCharCode(parseInt(hex, 16));
            j += 6;
            continue;
          }
          if (!Object.prototype.hasOwnProperty.call(ESCAPES, e)) throw new ExprError('EXPR_SYNTAX', j, { found: `\\${e}` });
          value += ESCAPES[e];
          j += 2;
          continue;
        }
        value += c;
        j++;
      }
      tokens.push({ kind: 'str', value, pos: i });
      i = j + 1;
      continue;
    }
    const num = match(NUMBER, src, i);
    if (num && i + num.length <= end) {
      tokens.push({ kind: 'num', value: num, pos: i });
      i += num.length;
      continue;
    }
    const name = match(NAME, src, i);
    if (name) {
      let full = name;
      let j = i + name.length;
      // A dotted name: `form.amount`, written without spaces.
      while (src[j] === '.' && j + 1 < end) {
        const part = match(NAME, src, j + 1);
        if (!part) break;
        full += `.${part}`;
        j += 1 + part.length;
      }
      if (j > end) throw new ExprError('EXPR_SYNTAX', i, { found: src.slice(i, end) });
      tokens.push({ kind: 'name', value: full, pos: i });
      i = j;
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i) && i + o.length <= end);
    if (op) {
      tokens.push({ kind: 'op', value: op, pos: i });
      i += op.length;
      continue;
    }
    const cp = src.codePointAt(i)!;
    throw new ExprError('EXPR_SYNTAX', i, { found: String.fromCodePoint(cp) });
  }
  tokens.push({ kind: 'eof', value: '', pos: end });
  return tokens;
}

const COMPARE_OPS = new Set(['==', '!=', '<', '<=', '>', '>=']);

class Parser {
  private at = 0;
  private depth = 0;
  private nodes = 0;
  private readonly known: Set<string> | null;
  private readonly maxDepth: number;
  private readonly maxNodes: number;
  constructor(
    private readonly tokens: Token[],
    opts: ParseOptions,
  ) {
    this.known = opts.variables ? new Set(opts.variables) : null;
    this.maxDepth = opts.maxDepth ?? DEFAULT_LIMITS.maxDepth;
    this.maxNodes = opts.maxNodes ?? DEFAULT_LIMITS.maxNodes;
  }

  private peek(): Token {
    return this.tokens[this.at];
  }
  private next(): Token {
    return this.tokens[this.at++];
  }
  private isOp(...ops: string[]): boolean {
    const t = this.peek();
    return (t.kind === 'op' && ops.includes(t.value)) || (t.kind === 'name' && ops.includes(t.value) && KEYWORDS.has(t.value));
  }
  private unexpected(t: Token): never {
    if (t.kind === 'eof') throw new ExprError('EXPR_INCOMPLETE', t.pos);
    throw new ExprError('EXPR_SYNTAX', t.pos, { found: t.kind === 'str' ? JSON.stringify(t.value) : t.value });
  }
  private expect(op: string): Token {
    const t = this.peek();
    if (t.kind !== 'op' || t.value !== op) this.unexpected(t);
    return this.next();
  }
  private node<N extends ExprNode>(n: N): N {
    if (++this.nodes > this.maxNodes) throw new ExprError('EXPR_TOO_COMPLEX', n.pos, { limit: this.maxNodes });
    return n;
  }
  private enter(pos: number): void {
    if (++this.depth > this.maxDepth) throw new ExprError('EXPR_TOO_DEEP', pos, { limit: this.maxDepth });
  }

  parseAll(): ExprNode {
    const ast = this.parseExpr();
    const t = this.peek();
    if (t.kind !== 'eof') {
      if (t.kind === 'op' && (t.value === '(' || t.value === '[')) throw new ExprError('EXPR_CALL_REFUSED', t.pos, { found: t.value });
      this.unexpected(t);
    }
    return ast;
  }

  /** cond := or ('?' cond ':' cond)? */
  private parseExpr(): ExprNode {
    this.enter(this.peek().pos);
    const test = this.parseOr();
    let out = test;
    if (this.isOp('?')) {
      this.next();
      const then = this.parseExpr();
      this.expect(':');
      const otherwise = this.parseExpr();
      out = this.node({ type: 'cond', test, then, else: otherwise, pos: test.pos });
    }
    this.depth--;
    return out;
  }

  private parseOr(): ExprNode {
    let left = this.parseAnd();
    while (this.isOp('or', '||')) {
      this.next();
      left = this.node({ type: 'logical', op: 'or', left, right: this.parseAnd(), pos: left.pos });
    }
    return left;
  }

  private parseAnd(): ExprNode {
    let left = this.parseCompare();
    while (this.isOp('and', '&&')) {
      this.next();
      left = this.node({ type: 'logical', op: 'and', left, right: this.parseCompare(), pos: left.pos });
    }
    return left;
  }

  /** Comparisons do not chain: `a < b < c` is refused (write `a < b and b < c`). */
  private parseCompare(): ExprNode {
    const left = this.parseAdd();
    const t = this.peek();
    let out = left;
    if (t.kind === 'op' && COMPARE_OPS.has(t.value)) {
      this.next();
      out = this.node({ type: 'binary', op: t.value as BinaryOp, left, right: this.parseAdd(), pos: left.pos });
    } else if (t.kind === 'name' && t.value === 'in') {
      this.next();
      const open = this.expect('[');
      this.enter(open.pos);
      const list: ExprNode[] = [];
      if (!this.isOp(']')) {
        list.push(this.parseExpr());
        while (this.isOp(',')) {
          this.next();
          list.push(this.parseExpr());
        }
      }
      this.expect(']');
      this.depth--;
      out = this.node({ type: 'in', value: left, list, pos: left.pos });
    } else return left;
    const after = this.peek();
    if ((after.kind === 'op' && COMPARE_OPS.has(after.value)) || (after.kind === 'name' && after.value === 'in')) this.unexpected(after);
    return out;
  }

  private parseAdd(): ExprNode {
    let left = this.parseMul();
    while (this.isOp('+', '-')) {
      const op = this.next().value as BinaryOp;
      left = this.node({ type: 'binary', op, left, right: this.parseMul(), pos: left.pos });
    }
    return left;
  }

  private parseMul(): ExprNode {
    let left = this.parseUnary();
    while (this.isOp('*', '/', '%')) {
      const op = this.next().value as BinaryOp;
      left = this.node({ type: 'binary', op, left, right: this.parseUnary(), pos: left.pos });
    }
    return left;
  }

  private parseUnary(): ExprNode {
    const t = this.peek();
    if (this.isOp('-', '+', '!', 'not')) {
      this.next();
      this.enter(t.pos);
      const arg = this.parseUnary();
      this.depth--;
      const op = t.value === '-' || t.value === '+' ? t.value : 'not';
      return this.node({ type: 'unary', op, arg, pos: t.pos });
    }
    const prim = this.parsePrimary();
    // Nothing may follow a value but an operator: no calls of results, no indexing, no member access.
    const after = this.peek();
    if (after.kind === 'op' && (after.value === '(' || after.value === '[')) throw new ExprError('EXPR_CALL_REFUSED', after.pos, { found: after.value });
    return prim;
  }

  private parsePrimary(): ExprNode {
    const t = this.next();
    switch (t.kind) {
      case 'num': {
        const value = Number(t.value);
        if (!Number.isFinite(value)) throw new ExprError('EXPR_SYNTAX', t.pos, { found: t.value });
        return this.node({ type: 'num', value, pos: t.pos });
      }
      case 'str':
        return this.node({ type: 'str', value: t.value, pos: t.pos });
      case 'name':
        return this.parseName(t);
      case 'op':
        if (t.value === '(') {
          const inner = this.parseExpr();
          this.expect(')');
          return inner;
        }
        return this.unexpected(t);
      default:
        return this.unexpected(t);
    }
  }

  private parseName(t: Token): ExprNode {
    const name = t.value;
    if (name === 'true' || name === 'false') return this.node({ type: 'bool', value: name === 'true', pos: t.pos });
    if (name === 'null') return this.node({ type: 'null', pos: t.pos });
    if (KEYWORDS.has(name)) this.unexpected(t);
    const path = name.split('.');
    const refused = path.find(isRefusedName);
    if (refused) throw new ExprError('EXPR_CALL_REFUSED', t.pos, { found: refused });
    if (this.isOp('(')) {
      const open = this.next();
      if (path.length > 1) throw new ExprError('EXPR_CALL_REFUSED', t.pos, { found: `${name}(` });
      if (!isFunctionName(name)) throw new ExprError('EXPR_UNKNOWN_FUNCTION', t.pos, { name, allowed: Object.keys(FUNCTIONS).join(', ') });
      this.enter(open.pos);
      const args: ExprNode[] = [];
      if (!this.isOp(')')) {
        args.push(this.parseExpr());
        while (this.isOp(',')) {
          this.next();
          args.push(this.parseExpr());
        }
      }
      this.expect(')');
      this.depth--;
      const [least, most] = FUNCTIONS[name];
      if (args.length < least || args.length > most)
        throw new ExprError('EXPR_ARITY', t.pos, { name, expected: least === most ? least : `${least}-${most}`, got: args.length });
      return this.node({ type: 'call', name, args, pos: t.pos });
    }
    if (this.known && !this.isKnown(name)) throw new ExprError('EXPR_UNKNOWN_VARIABLE', t.pos, { name });
    return this.node({ type: 'var', path, pos: t.pos });
  }

  private isKnown(name: string): boolean {
    const known = this.known!;
    if (known.has(name)) return true;
    const parts = name.split('.');
    for (let i = 1; i < parts.length; i++) if (known.has(parts.slice(0, i).join('.'))) return true;
    for (const k of known) if (k.startsWith(`${name}.`)) return true;
    return false;
  }
}

const WRAPPER = /^\s*\$\{([\s\S]*)\}\s*$/;

/**
 * Parses an expression into a tree, or throws ExprError. A Flowable/Camunda style `${ ... }` wrapper
 * around the whole text is accepted; positions in errors and nodes count from the start of `src`.
 */
export function parseExpression(src: string, opts: ParseOptions = {}): ExprNode {
  if (typeof src !== 'string') throw new ExprError('EXPR_SYNTAX', -1, { found: typeof src });
  const maxLength = opts.maxLength ?? DEFAULT_LIMITS.maxLength;
  if (src.length > maxLength) throw new ExprError('EXPR_TOO_LONG', -1, { limit: maxLength });
  let start = 0;
  let end = src.length;
  const wrapped = WRAPPER.exec(src);
  if (wrapped) {
    start = src.indexOf('${') + 2;
    end = start + wrapped[1].length;
  }
  const tokens = tokenize(src, start, end);
  if (tokens.length === 1) throw new ExprError('EXPR_INCOMPLETE', end);
  return new Parser(tokens, opts).parseAll();
}
