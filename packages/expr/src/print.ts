import { PRECEDENCE, precedenceOf, type ExprNode } from './ast';

function quote(s: string): string {
  let out = "'";
  for (const ch of s) {
    if (ch === "'" || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch < ' ' || ch === '\u007f' || ch === '\u2028' || ch === '\u2029') out += `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}'`;
}

const wrap = (text: string, yes: boolean) => (yes ? `(${text})` : text);

/** Writes a tree back as canonical text (`and`, `or`, `not`, single quotes, the fewest parentheses); parsing it gives the same tree. */
export function printExpression(node: ExprNode): string {
  switch (node.type) {
    case 'num':
      return String(node.value);
    case 'str':
      return quote(node.value);
    case 'bool':
      return String(node.value);
    case 'null':
      return 'null';
    case 'var':
      return node.path.join('.');
    case 'unary': {
      const arg = wrap(printExpression(node.arg), precedenceOf(node.arg) < PRECEDENCE.unary);
      // `- -x`, not `--x`: the text stays valid JavaScript too (used as the oracle of the property tests).
      return node.op === 'not' ? `not ${arg}` : arg.startsWith(node.op) ? `${node.op} ${arg}` : `${node.op}${arg}`;
    }
    case 'binary':
    case 'logical': {
      const p = precedenceOf(node);
      const left = wrap(printExpression(node.left), precedenceOf(node.left) < p || (p === PRECEDENCE.compare && precedenceOf(node.left) === p));
      const right = wrap(printExpression(node.right), precedenceOf(node.right) <= p);
      return `${left} ${node.op} ${right}`;
    }
    case 'in':
      return `${wrap(printExpression(node.value), precedenceOf(node.value) <= PRECEDENCE.compare)} in [${node.list.map(printExpression).join(', ')}]`;
    case 'cond':
      return `${wrap(printExpression(node.test), precedenceOf(node.test) <= PRECEDENCE.cond)} ? ${printExpression(node.then)} : ${printExpression(node.else)}`;
    case 'call':
      return `${node.name}(${node.args.map(printExpression).join(', ')})`;
  }
}
