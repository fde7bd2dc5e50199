import { describe, expect, it } from 'vitest';
import { compile, evaluate, ExprError, exprMessages, parseExpression, printExpression, variablesOf, type ExprErrorCode } from './index';

const run = (src: string, vars: Record<string, unknown> = {}) => evaluate(parseExpression(src), vars);

function codeOf(work: () => unknown): { code: ExprErrorCode; position: number; params: Record<string, unknown> } {
  try {
    work();
  } catch (err) {
    expect(err).toBeInstanceOf(ExprError);
    const e = err as ExprError;
    return { code: e.code, position: e.position, params: e.params };
  }
  throw new Error('expected an ExprError');
}

describe('grammar and values', () => {
  it('reads literals', () => {
    expect(run('42')).toBe(42);
    expect(run('1.5e3')).toBe(1500);
    expect(run('.25')).toBe(0.25);
    expect(run(`'it\\'s'`)).toBe("it's");
    expect(run('"a\\n\\u4e2d"')).toBe('a\n中');
    expect(run('true')).toBe(true);
    expect(run('false')).toBe(false);
    expect(run('null')).toBe(null);
  });

  it('follows precedence and associativity', () => {
    expect(run('1 + 2 * 3')).toBe(7);
    expect(run('(1 + 2) * 3')).toBe(9);
    expect(run('10 - 4 - 3')).toBe(3);
    expect(run('24 / 4 / 3')).toBe(2);
    expect(run('7 % 4 * 2')).toBe(6);
    expect(run('-2 * 3')).toBe(-6);
    expect(run('- -2')).toBe(2);
    expect(run('+3')).toBe(3);
    expect(run('true or false and false')).toBe(true);
    expect(run('(true or false) and false')).toBe(false);
    expect(run('not true == false')).toBe(true);
    expect(run('!false && true || false')).toBe(true);
    expect(run('1 < 2 ? "a" : "b"')).toBe('a');
    expect(run('false ? 1 : true ? 2 : 3')).toBe(2);
    expect(run('true ? false ? 1 : 2 : 3')).toBe(2);
  });

  it('reads variables, dotted paths and CJK names', () => {
    const vars = { amount: 5000, form: { amount: 12, leave: { days: 4 } }, 天数: 4, haploid_kernels: 31, total_kernels: 620 };
    expect(run('amount > 1000', vars)).toBe(true);
    expect(run('form.amount * 2', vars)).toBe(24);
    expect(run('form.leave.days > 3', vars)).toBe(true);
    expect(run('天数 >= 3', vars)).toBe(true);
    expect(run('haploid_kernels / total_kernels * 100', vars)).toBe(5);
    expect(run('round(haploid_kernels / total_kernels * 100, 2)', { haploid_kernels: 7, total_kernels: 300 })).toBe(2.33);
  });

  it('accepts the ${ } wrapper of Flowable and Camunda conditions and keeps positions', () => {
    expect(run('${amount > 5}', { amount: 6 })).toBe(true);
    expect(run('  ${ days <= 3 }  ', { days: 3 })).toBe(true);
    expect(codeOf(() => parseExpression('${amount >}'))).toMatchObject({ code: 'EXPR_INCOMPLETE', position: 10 });
  });

  it('compares strictly, without coercion', () => {
    expect(run('1 == 1')).toBe(true);
    expect(run("1 == '1'")).toBe(false);
    expect(run("'b' > 'a'")).toBe(true);
    expect(run('null == null')).toBe(true);
    expect(run('x != null', { x: 0 })).toBe(true);
    expect(run("'a' + 'b'")).toBe('ab');
  });

  it('tests membership in a list', () => {
    expect(run("dept in ['A', 'B']", { dept: 'B' })).toBe(true);
    expect(run('n in [1, 2, 3]', { n: 4 })).toBe(false);
    expect(run('n in []', { n: 4 })).toBe(false);
    expect(run('n + 1 in [n * 2]', { n: 1 })).toBe(true);
    expect(run('not (n in [1])', { n: 1 })).toBe(false);
  });

  it('offers the whitelisted functions', () => {
    expect(run('min(3, 1, 2)')).toBe(1);
    expect(run('max(3, 1, 2)')).toBe(3);
    expect(run('max(xs)', { xs: [4, 9, 2] })).toBe(9);
    expect(run('abs(-2.5)')).toBe(2.5);
    expect(run('round(1.005, 2)')).toBe(1.01);
    expect(run('round(-2.5)')).toBe(-3);
    expect(run('round(2.5)')).toBe(3);
    expect(run('floor(2.7)')).toBe(2);
    expect(run('ceil(2.1)')).toBe(3);
    expect(run('sqrt(16)')).toBe(4);
    expect(run("len('玉米')")).toBe(2);
    expect(run('len(xs)', { xs: [1, 2] })).toBe(2);
    expect(run("contains('hybrid maize', 'maize')")).toBe(true);
    expect(run("contains(tags, 'x')", { tags: ['x'] })).toBe(true);
    expect(run('isEmpty(s)', { s: '  ' })).toBe(true);
    expect(run('isEmpty(s)', { s: null })).toBe(true);
    expect(run('isEmpty(s)', { s: 0 })).toBe(false);
    expect(run('isEmpty(xs)', { xs: [] })).toBe(true);
  });

  it('lists variables and compiles', () => {
    expect(variablesOf(parseExpression('a + b.c > a ? min(d, 1) : e in [f]'))).toEqual(['a', 'b.c', 'd', 'e', 'f']);
    const c = compile('days > 3 and type == "annual"');
    expect(c.variables).toEqual(['days', 'type']);
    expect(c.evaluate({ days: 4, type: 'annual' })).toBe(true);
    expect(c.evaluate({ days: 2, type: 'annual' })).toBe(false);
  });

  it('prints canonical text', () => {
    expect(printExpression(parseExpression('a&&!b||c'))).toBe('a and not b or c');
    expect(printExpression(parseExpression('(a - (b - c)) * (d + e)'))).toBe('(a - (b - c)) * (d + e)');
    expect(printExpression(parseExpression("x in ['a\\'', 1] ? -(y) : (p ? q : r)"))).toBe("x in ['a\\'', 1] ? -y : p ? q : r");
    expect(printExpression(parseExpression('(a ? b : c) ? d : e'))).toBe('(a ? b : c) ? d : e');
  });
});

describe('refusals', () => {
  it.each([
    ['1 +', 'EXPR_INCOMPLETE'],
    ['(1', 'EXPR_INCOMPLETE'],
    ["'abc", 'EXPR_INCOMPLETE'],
    ['', 'EXPR_INCOMPLETE'],
    ['${}', 'EXPR_INCOMPLETE'],
    ['1 2', 'EXPR_SYNTAX'],
    ['a = 1', 'EXPR_SYNTAX'],
    ['a < b < c', 'EXPR_SYNTAX'],
    ['a == b == c', 'EXPR_SYNTAX'],
    ['1 & 2', 'EXPR_SYNTAX'],
    ['x; y', 'EXPR_SYNTAX'],
    ['{a: 1}', 'EXPR_SYNTAX'],
    ['1e999', 'EXPR_SYNTAX'],
    ["'\\x41'", 'EXPR_SYNTAX'],
    ['[1, 2]', 'EXPR_SYNTAX'],
    ['a in b', 'EXPR_SYNTAX'],
    ['and', 'EXPR_SYNTAX'],
    ['a.', 'EXPR_SYNTAX'],
    ['foo(1)', 'EXPR_UNKNOWN_FUNCTION'],
    ['abs(1, 2)', 'EXPR_ARITY'],
    ['round()', 'EXPR_ARITY'],
  ])('%s -> %s', (src, code) => {
    expect(codeOf(() => parseExpression(src)).code).toBe(code);
  });

  it.each([
    'process.exit()',
    "constructor.constructor('return process')()",
    'this',
    '__proto__',
    'a.__proto__.x',
    'a.constructor',
    "require('fs')",
    'eval("1")',
    'Function("x")',
    '`id`',
    'a + `x`',
    'globalThis.process',
    'x.toString()',
    'min(1)()',
    "'abc'[0]",
    'a[0]',
    '(a)(1)',
    'len(a)(1)',
    'new Date()',
    'import("fs")',
  ])('refuses %s as an attempt to call code', (src) => {
    expect(codeOf(() => parseExpression(src)).code).toBe('EXPR_CALL_REFUSED');
  });

  it('refuses unknown variables at parse time when the names are given', () => {
    const opts = { variables: ['amount', 'form'] };
    expect(parseExpression('amount > 1 and form.days > 2', opts)).toBeTruthy();
    expect(codeOf(() => parseExpression('amount + cost', opts))).toMatchObject({ code: 'EXPR_UNKNOWN_VARIABLE', position: 9, params: { name: 'cost' } });
    expect(parseExpression('form', { variables: ['form.days'] })).toBeTruthy();
    expect(codeOf(() => parseExpression('formx', { variables: ['form.days'] })).code).toBe('EXPR_UNKNOWN_VARIABLE');
  });

  it('enforces length, nesting and size limits', () => {
    expect(codeOf(() => parseExpression('1'.repeat(50), { maxLength: 10 }))).toMatchObject({ code: 'EXPR_TOO_LONG', params: { limit: 10 } });
    expect(codeOf(() => parseExpression(`${'('.repeat(40)}1${')'.repeat(40)}`)).code).toBe('EXPR_TOO_DEEP');
    expect(codeOf(() => parseExpression('-'.repeat(40) + '1')).code).toBe('EXPR_TOO_DEEP');
    expect(parseExpression(`${'('.repeat(20)}1${')'.repeat(20)}`)).toMatchObject({ type: 'num', value: 1 });
    expect(codeOf(() => parseExpression(Array.from({ length: 520 }, (_, i) => `a${i}`).join(' + '))).code).toBe('EXPR_TOO_COMPLEX');
  });

  it('reports evaluation faults with their place', () => {
    expect(codeOf(() => run('x / 0', { x: 1 }))).toMatchObject({ code: 'EXPR_DIVISION_BY_ZERO', position: 0 });
    expect(codeOf(() => run('1 + x % y', { x: 1, y: 0 }))).toMatchObject({ code: 'EXPR_DIVISION_BY_ZERO', position: 4 });
    expect(codeOf(() => run("'a' * 2"))).toMatchObject({ code: 'EXPR_TYPE', params: { op: '*', types: 'string, number' } });
    expect(codeOf(() => run("'a' + 2")).code).toBe('EXPR_TYPE');
    expect(codeOf(() => run('1 and true')).code).toBe('EXPR_TYPE');
    expect(codeOf(() => run('not 1')).code).toBe('EXPR_TYPE');
    expect(codeOf(() => run('1 ? 2 : 3')).code).toBe('EXPR_TYPE');
    expect(codeOf(() => run("1 < 'a'")).code).toBe('EXPR_TYPE');
    expect(codeOf(() => run('x == y', { x: [1], y: [1] })).code).toBe('EXPR_TYPE');
    expect(codeOf(() => run('round(1, 1.5)')).code).toBe('EXPR_TYPE');
    expect(codeOf(() => run('sqrt(-1)')).code).toBe('EXPR_NOT_FINITE');
    expect(codeOf(() => run('1e308 * 10')).code).toBe('EXPR_NOT_FINITE');
    expect(codeOf(() => run('missing > 1')).code).toBe('EXPR_UNKNOWN_VARIABLE');
    expect(codeOf(() => run('x', { x: () => 1 })).code).toBe('EXPR_TYPE');
    expect(codeOf(() => run('x', { x: new Date() })).code).toBe('EXPR_TYPE');
  });

  it('never reads the prototype chain', () => {
    expect(codeOf(() => run('toString')).code).toBe('EXPR_UNKNOWN_VARIABLE');
    expect(codeOf(() => run('hasOwnProperty')).code).toBe('EXPR_UNKNOWN_VARIABLE');
    expect(codeOf(() => run('a.valueOf', { a: {} })).code).toBe('EXPR_UNKNOWN_VARIABLE');
    expect(codeOf(() => run('a.length', { a: [1] })).code).toBe('EXPR_UNKNOWN_VARIABLE');
    const inherited = Object.create({ secret: 1 });
    expect(codeOf(() => run('secret', inherited)).code).toBe('EXPR_UNKNOWN_VARIABLE');
    // JSON may carry an own "__proto__" key: it is still refused by name.
    expect(codeOf(() => evaluate({ type: 'var', path: ['__proto__'], pos: 0 }, JSON.parse('{"__proto__": 1}'))).code).toBe('EXPR_CALL_REFUSED');
  });

  it('bounds evaluation of trees built by hand', () => {
    let deep: any = { type: 'num', value: 1, pos: 0 };
    for (let i = 0; i < 5000; i++) deep = { type: 'unary', op: '-', arg: deep, pos: 0 };
    expect(codeOf(() => evaluate(deep)).code).toBe('EXPR_TOO_DEEP');
    // A shared subtree doubles the work at each level: the step budget stops it.
    let dag: any = { type: 'num', value: 1, pos: 0 };
    for (let i = 0; i < 60; i++) dag = { type: 'binary', op: '+', left: dag, right: dag, pos: 0 };
    expect(codeOf(() => evaluate(dag)).code).toBe('EXPR_TOO_COMPLEX');
    expect(codeOf(() => evaluate({ type: 'call', name: 'constructor', args: [], pos: 0 } as any)).code).toBe('EXPR_UNKNOWN_FUNCTION');
    expect(codeOf(() => evaluate({ type: 'eval', pos: 0 } as any)).code).toBe('EXPR_SYNTAX');
  });

  it('has a zh-CN and an en template for every code, filled from the params', () => {
    for (const [code, t] of Object.entries(exprMessages)) {
      expect(t['zh-CN'], code).toMatch(/[\u4e00-\u9fff]/);
      expect(t.en, code).toMatch(/[a-z]/);
      const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(placeholders(t['zh-CN']), code).toEqual(placeholders(t.en));
    }
    const e = codeOf(() => parseExpression('a +* b'));
    const err = new ExprError(e.code, e.position, {});
    expect(err.localized('zh-CN')).toContain('第 4 个字符');
    expect(new ExprError('EXPR_TYPE', 0, { op: '*', types: 'string, number' }).message).toBe(
      '* at character 1 of the expression cannot apply to values of type string, number',
    );
  });
});
