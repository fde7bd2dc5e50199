/**
 * Command line:
 *   npm run -s expr -- eval 'round(h / t * 100, 2)' --vars '{"h":7,"t":300}'    the value as JSON
 *   npm run -s expr -- check '${amount > 5000}' [--variables amount,days]      canonical text and variables
 * A refused expression prints the text with a caret under the fault and the code on stderr; exit 2.
 */
import { parseArgs } from 'node:util';
import { ExprError, evaluate, parseExpression, printExpression, variablesOf } from './index';

const HELP = `usage: expr eval TEXT [--vars JSON] | check TEXT [--variables a,b] [--lang zh-CN|en]`;

export function run(argv: string[]): { out: string; err: string; code: number } {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { vars: { type: 'string' }, variables: { type: 'string' }, lang: { type: 'string' } } });
  } catch (e) {
    return { out: '', err: (e as Error).message, code: 2 };
  }
  const { values, positionals } = parsed;
  const [command, text] = positionals;
  if ((command !== 'eval' && command !== 'check') || text === undefined) return { out: '', err: HELP, code: 2 };
  try {
    const ast = parseExpression(text, values.variables ? { variables: values.variables.split(',').map((v) => v.trim()) } : {});
    if (command === 'check') return { out: `${printExpression(ast)}\nvariables: ${variablesOf(ast).join(', ') || 'none'}`, err: '', code: 0 };
    let vars: Record<string, unknown> = {};
    if (values.vars !== undefined) {
      try {
        vars = JSON.parse(values.vars);
      } catch {
        return { out: '', err: `--vars is not JSON: ${values.vars}`, code: 2 };
      }
    }
    return { out: JSON.stringify(evaluate(ast, vars)), err: '', code: 0 };
  } catch (e) {
    if (!(e instanceof ExprError)) throw e;
    const message = `${e.code} ${e.localized(values.lang === 'zh-CN' ? 'zh-CN' : 'en')}`;
    return { out: '', err: e.position >= 0 ? `${text}\n${' '.repeat(e.position)}^ ${message}` : message, code: 2 };
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { out, err, code } = run(process.argv.slice(2));
  if (out) process.stdout.write(`${out}\n`);
  if (err) process.stderr.write(`${err}\n`);
  process.exit(code);
}
