import { describe, expect, it } from 'vitest';
import { run } from './cli';

describe('expr CLI', () => {
  it('evaluates and checks', () => {
    expect(run(['eval', 'round(h / t * 100, 2)', '--vars', '{"h":7,"t":300}'])).toEqual({ out: '2.33', err: '', code: 0 });
    expect(run(['check', '${amount>5000&&!urgent}'])).toEqual({ out: 'amount > 5000 and not urgent\nvariables: amount, urgent', err: '', code: 0 });
  });

  it('points at the fault and exits 2', () => {
    expect(run(['eval', 'a +* 2'])).toEqual({ out: '', err: 'a +* 2\n   ^ EXPR_SYNTAX Syntax error at character 4 of the expression: unexpected *', code: 2 });
    expect(run(['check', 'process.exit()']).err).toContain('EXPR_CALL_REFUSED');
    expect(run(['check', 'cost > 1', '--variables', 'amount', '--lang', 'zh-CN']).err).toContain('表达式中的变量 cost 不存在');
    expect(run(['eval', 'x', '--vars', '{bad'])).toMatchObject({ code: 2 });
    expect(run(['frobnicate'])).toMatchObject({ code: 2 });
  });
});
