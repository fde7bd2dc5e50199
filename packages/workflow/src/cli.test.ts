import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from './cli';
import { bpmn, chain } from './test-helpers';

const MODELS = path.join(import.meta.dirname, '..', 'models');
const model = (name: string) => path.join(MODELS, name);

describe('workflow CLI', () => {
  it('validates a model and lists its user tasks', () => {
    expect(run(['validate', model('leave-request.bpmn')])).toEqual({
      out: 'ok leave_request (请假申请): 5 nodes, 5 flows\nuser tasks: supervisor 直属主管审批; head 部门负责人审批 (reject -> supervisor)',
      err: '',
      code: 0,
    });
  });

  it('runs a script and prints the effects', () => {
    const r = run(['run', model('two-step-amount.bpmn'), '--vars', '{"amount":8000}', '--script', 'approve,reject,approve,approve']);
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines.filter((l) => l.startsWith('#'))).toEqual(['# start', '# approve', '# reject', '# approve', '# approve', '# ended approved']);
    expect(lines.filter((l) => l.includes('createTask')).map((l) => JSON.parse(l).nodeId)).toEqual(['manager', 'finance', 'manager', 'finance']);
    expect(run(['run', model('two-step-countersign.bpmn'), '--vars', '{"reviewers":["a","b"]}', '--script', 'approve@review/1']).out).toMatch(
      /# running; open tasks: review#2\/0$/,
    );
  });

  it('prints one line on stderr and exits 2 on bad input', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'workflow-cli-'));
    const bad = path.join(dir, 'bad.bpmn');
    writeFileSync(bad, bpmn(`<bpmn:startEvent id="s"/><bpmn:endEvent id="e"/>${chain('s', 'ghost')}`));
    expect(run(['validate', bad])).toEqual({ out: '', err: `${bad}: BPMN_DANGLING_FLOW The sequence flow f_s_ghost refers to a missing node ghost`, code: 2 });
    writeFileSync(bad, 'plain text');
    expect(run(['validate', bad, '--lang', 'zh-CN'])).toEqual({ out: '', err: `${bad}: BPMN_NOT_XML 文件不是合法的 XML（第 1 行第 1 列）`, code: 2 });
    expect(run(['validate', path.join(dir, 'missing.bpmn')])).toMatchObject({ err: expect.stringContaining('cannot read the file'), code: 2 });
    expect(run(['run', model('one-step-approval.bpmn'), '--script', 'approve,approve'])).toMatchObject({
      err: expect.stringContaining('WF_INSTANCE_ENDED'),
      code: 2,
    });
    expect(run(['run', model('one-step-approval.bpmn'), '--vars', '{oops'])).toMatchObject({ code: 2 });
    writeFileSync(bad, bpmn(`<bpmn:startEvent id="s"/><bpmn:serviceTask id="svc" bw:strategy="mail"/><bpmn:endEvent id="e"/>${chain('s', 'svc', 'e')}`));
    expect(run(['validate', bad])).toEqual({ out: '', err: `${bad}: WF_UNKNOWN_STRATEGY The service task svc uses an unknown strategy mail`, code: 2 });
    expect(run(['validate', bad, '--strategies', 'mail']).code).toBe(0);
    expect(run(['nothing']).code).toBe(2);
  });
});
