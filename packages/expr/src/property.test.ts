import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate, ExprError, FUNCTIONS, parseExpression, printExpression, sameTree, type ExprNode, type FunctionName } from './index';

const RUNS = Number(process.env.BW_FUZZ_RUNS ?? 500);
const P = { pos: 0 };

const names = fc.constantFrom('a', 'b', 'x1', 'amount', 'form.amount', 'form.leave.days', '天数', '_t', 'min', 'notes', 'in_x', 'andy');
const num = fc
  .oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.double({ min: 0, max: 1e300, noNaN: true, noDefaultInfinity: true }))
  .filter((v) => !Object.is(v, -0));
const functionNames = Object.keys(FUNCTIONS) as FunctionName[];

/** Any tree the parser can produce (numbers are never negative literals: `-1` is a unary minus). */
const anyTree = fc.letrec<{ node: ExprNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    num.map((value) => ({ type: 'num', value, ...P }) as ExprNode),
    fc.string({ unit: 'grapheme', maxLength: 6 }).map((value) => ({ type: 'str', value, ...P }) as ExprNode),
    fc.boolean().map((value) => ({ type: 'bool', value, ...P }) as ExprNode),
    fc.constant({ type: 'null', ...P } as ExprNode),
    names.map((n) => ({ type: 'var', path: n.split('.'), ...P }) as ExprNode),
    fc.record({ op: fc.constantFrom('-', '+', 'not'), arg: tie('node') }).map((r) => ({ type: 'unary', ...r, ...P }) as ExprNode),
    fc
      .record({ op: fc.constantFrom('*', '/', '%', '+', '-', '==', '!=', '<', '<=', '>', '>='), left: tie('node'), right: tie('node') })
      .map((r) => ({ type: 'binary', ...r, ...P }) as ExprNode),
    fc.record({ op: fc.constantFrom('and', 'or'), left: tie('node'), right: tie('node') }).map((r) => ({ type: 'logical', ...r, ...P }) as ExprNode),
    fc.record({ value: tie('node'), list: fc.array(tie('node'), { maxLength: 3 }) }).map((r) => ({ type: 'in', ...r, ...P }) as ExprNode),
    fc.record({ test: tie('node'), then: tie('node'), else: tie('node') }).map((r) => ({ type: 'cond', ...r, ...P }) as ExprNode),
    fc
      .constantFrom(...functionNames)
      .chain((name) => fc.array(tie('node'), { minLength: FUNCTIONS[name][0], maxLength: Math.min(FUNCTIONS[name][1], 3) }).map((args) => ({ name, args })))
      .map((r) => ({ type: 'call', ...r, ...P }) as ExprNode),
  ),
})).node;

/** Arithmetic over safe integers: the same text read by JavaScript is the oracle. */
const arithmetic = fc.letrec<{ node: ExprNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', maxDepth: 6 },
    fc.integer({ min: 0, max: 2 ** 20 }).map((value) => ({ type: 'num', value, ...P }) as ExprNode),
    fc.record({ op: fc.constantFrom('-', '+'), arg: tie('node') }).map((r) => ({ type: 'unary', ...r, ...P }) as ExprNode),
    fc.record({ op: fc.constantFrom('*', '/', '%', '+', '-'), left: tie('node'), right: tie('node') }).map((r) => ({ type: 'binary', ...r, ...P }) as ExprNode),
  ),
})).node;

const hasDivision = (n: ExprNode): boolean =>
  n.type === 'binary' ? n.op === '/' || n.op === '%' || hasDivision(n.left) || hasDivision(n.right) : n.type === 'unary' ? hasDivision(n.arg) : false;

const depthOf = (n: ExprNode): number => {
  const kids = Object.values(n)
    .flatMap((v) => (Array.isArray(v) ? v : [v]))
    .filter((v): v is ExprNode => !!v && typeof v === 'object' && 'type' in v);
  return 1 + Math.max(0, ...kids.map(depthOf));
};

const vars = { a: 1, b: 'b', x1: [1, 2], amount: 7, form: { amount: 3, leave: { days: 4 } }, 天数: 2, _t: true, min: null, notes: '', in_x: 0, andy: false };

/** Runs any code and lets only ExprError through. */
function onlyExprErrors(work: () => unknown): void {
  try {
    work();
  } catch (err) {
    if (!(err instanceof ExprError)) throw err;
  }
}

describe('properties', () => {
  it('prints any tree to text that parses back to the same tree', () => {
    let deep = 0;
    fc.assert(
      fc.property(anyTree, (tree) => {
        const text = printExpression(tree);
        if (depthOf(tree) >= 4) deep++;
        const back = parseExpression(text, { maxDepth: 200, maxNodes: 100_000, maxLength: 1_000_000 });
        expect(sameTree(back, tree), text).toBe(true);
        expect(printExpression(back)).toBe(text);
      }),
      { numRuns: RUNS },
    );
    // The generator must reach past the leaves for the property to mean something.
    expect(deep).toBeGreaterThan(RUNS / 10);
  });

  it('agrees with JavaScript arithmetic on safe integers', () => {
    fc.assert(
      fc.property(arithmetic, (tree) => {
        const text = printExpression(tree);
        const expected = Function(`"use strict"; return (${text});`)() as number;
        try {
          expect(evaluate(parseExpression(text, { maxDepth: 200 }))).toBe(expected);
        } catch (err) {
          // Only a division (or remainder) by zero, where JavaScript answers Infinity or NaN.
          expect((err as ExprError).code).toBe('EXPR_DIVISION_BY_ZERO');
          expect(hasDivision(tree)).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('evaluates any tree to a value or an ExprError, never anything else', () => {
    fc.assert(
      fc.property(anyTree, (tree) => onlyExprErrors(() => evaluate(tree, vars))),
      { numRuns: RUNS },
    );
  });

  const alphabet = fc.constantFrom(
    ...'abxyz01239.,;:?!=<>+-*/%&|()[]{}$\'"`\\ \t\n_中文'.split(''),
    ' and ',
    ' or ',
    'not ',
    ' in ',
    'true',
    'null',
    'min(',
    'round(',
    '__proto__',
    'constructor',
    '${',
    '\\u00',
    'e+',
  );

  it('throws nothing but ExprError on any input text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: alphabet, maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 })), (text) =>
        onlyExprErrors(() => evaluate(parseExpression(text), vars)),
      ),
      { numRuns: RUNS * 4 },
    );
  });

  it('throws nothing but ExprError on valid texts with a character changed', () => {
    fc.assert(
      fc.property(anyTree, fc.nat(), fc.string({ unit: alphabet, maxLength: 2 }), (tree, at, insert) => {
        const text = printExpression(tree);
        const i = at % (text.length + 1);
        onlyExprErrors(() => evaluate(parseExpression(text.slice(0, i) + insert + text.slice(i + 1)), vars));
      }),
      { numRuns: RUNS },
    );
  });
});
