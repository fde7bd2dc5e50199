/** The syntax tree. Plain JSON-serialisable objects; `pos` is the 0-based offset of the node in the source. */

export type BinaryOp = '*' | '/' | '%' | '+' | '-' | '==' | '!=' | '<' | '<=' | '>' | '>=';

export type ExprNode =
  | { type: 'num'; value: number; pos: number }
  | { type: 'str'; value: string; pos: number }
  | { type: 'bool'; value: boolean; pos: number }
  | { type: 'null'; pos: number }
  /** A variable, `path` holding the dotted parts: `form.amount` is ['form', 'amount']. */
  | { type: 'var'; path: string[]; pos: number }
  | { type: 'unary'; op: '-' | '+' | 'not'; arg: ExprNode; pos: number }
  | { type: 'binary'; op: BinaryOp; left: ExprNode; right: ExprNode; pos: number }
  | { type: 'logical'; op: 'and' | 'or'; left: ExprNode; right: ExprNode; pos: number }
  /** `value in [a, b, c]`: membership in a list written in place. */
  | { type: 'in'; value: ExprNode; list: ExprNode[]; pos: number }
  | { type: 'cond'; test: ExprNode; then: ExprNode; else: ExprNode; pos: number }
  | { type: 'call'; name: FunctionName; args: ExprNode[]; pos: number };

export type FunctionName = 'min' | 'max' | 'abs' | 'round' | 'floor' | 'ceil' | 'sqrt' | 'len' | 'contains' | 'isEmpty';

/** The whitelist: name -> [least, most] argument count. */
export const FUNCTIONS: Readonly<Record<FunctionName, readonly [number, number]>> = Object.freeze({
  min: [1, 64],
  max: [1, 64],
  abs: [1, 1],
  round: [1, 2],
  floor: [1, 1],
  ceil: [1, 1],
  sqrt: [1, 1],
  len: [1, 1],
  contains: [2, 2],
  isEmpty: [1, 1],
});

export const isFunctionName = (name: string): name is FunctionName => Object.prototype.hasOwnProperty.call(FUNCTIONS, name);

/** Binding strength of each kind of node, higher binds tighter (used by the printer). */
export const PRECEDENCE = { cond: 1, or: 2, and: 3, compare: 4, add: 5, mul: 6, unary: 7, primary: 8 } as const;

export function precedenceOf(node: ExprNode): number {
  switch (node.type) {
    case 'cond':
      return PRECEDENCE.cond;
    case 'logical':
      return node.op === 'or' ? PRECEDENCE.or : PRECEDENCE.and;
    case 'in':
      return PRECEDENCE.compare;
    case 'binary':
      if (node.op === '+' || node.op === '-') return PRECEDENCE.add;
      if (node.op === '*' || node.op === '/' || node.op === '%') return PRECEDENCE.mul;
      return PRECEDENCE.compare;
    case 'unary':
      return PRECEDENCE.unary;
    default:
      return PRECEDENCE.primary;
  }
}

/** The tree without positions (to compare trees parsed from different texts). */
export function stripPositions(node: ExprNode): unknown {
  const { pos: _pos, ...rest } = node as ExprNode & Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (Array.isArray(value)) out[key] = value.map((v) => (typeof v === 'object' && v ? stripPositions(v as ExprNode) : v));
    else if (value && typeof value === 'object') out[key] = stripPositions(value as ExprNode);
    else out[key] = value;
  }
  return out;
}
