import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BpmnModdle } from 'bpmn-moddle';
import { describe, expect, it } from 'vitest';
import { bwModdleDescriptor, listUserTasks, parseBpmn, validateForExecution, WorkflowError, workflowMessages } from './index';
import { sampleModels } from './samples';
import { bpmn, chain, errorOf, flow, NS } from './test-helpers';

const MODELS = path.join(import.meta.dirname, '..', 'models');
const sample = (name: string) => readFileSync(path.join(MODELS, name), 'utf8');

const simple = `<bpmn:startEvent id="s"/><bpmn:userTask id="t"/><bpmn:endEvent id="e"/>${chain('s', 't', 'e')}`;

describe('parseBpmn', () => {
  it('reads a model with every supported element', () => {
    const { model, warnings } = parseBpmn(
      bpmn(`
      <bpmn:startEvent id="s" name="Start" bw:formKey="f1"/>
      <bpmn:userTask id="a" name="Approve" bw:formKey="f2"/>
      <bpmn:exclusiveGateway id="x" default="f_x_e2"/>
      <bpmn:parallelGateway id="fork"/>
      <bpmn:userTask id="b" bw:rejectTarget="a" bw:countersign="any" bw:collection="reviewers">
        <bpmn:multiInstanceLoopCharacteristics isSequential="true"/>
      </bpmn:userTask>
      <bpmn:serviceTask id="svc" bw:strategy="notify" bw:retries="2"/>
      <bpmn:intermediateCatchEvent id="wait"><bpmn:timerEventDefinition><bpmn:timeDuration>PT1H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
      <bpmn:parallelGateway id="join"/>
      <bpmn:endEvent id="e"/>
      <bpmn:endEvent id="e2" bw:outcome="rejected"><bpmn:terminateEventDefinition/></bpmn:endEvent>
      <bpmn:textAnnotation id="note"><bpmn:text>hello</bpmn:text></bpmn:textAnnotation>
      ${chain('s', 'a', 'x')}
      ${flow('f_x_fork', 'x', 'fork', '${amount &gt;= 10}')}
      ${flow('f_x_e2', 'x', 'e2')}
      ${flow('f_fork_b', 'fork', 'b')}${flow('f_fork_svc', 'fork', 'svc')}
      ${chain('svc', 'wait', 'join')}${flow('f_b_join', 'b', 'join')}${flow('f_join_e', 'join', 'e')}`),
    );
    expect(warnings).toEqual([]);
    expect(model.startId).toBe('s');
    expect(model.nodeOrder).toEqual(['s', 'a', 'x', 'fork', 'b', 'svc', 'wait', 'join', 'e', 'e2']);
    expect(model.nodes.s).toMatchObject({ kind: 'start', formKey: 'f1', name: 'Start' });
    expect(model.nodes.x).toMatchObject({ kind: 'exclusiveGateway', defaultFlow: 'f_x_e2', outgoing: ['f_x_fork', 'f_x_e2'] });
    expect(model.nodes.b).toMatchObject({ kind: 'userTask', rejectTarget: 'a', multi: { sequential: true, mode: 'any', collection: 'reviewers' } });
    expect(model.nodes.svc).toMatchObject({ kind: 'serviceTask', strategy: 'notify', retries: 2 });
    expect(model.nodes.wait).toMatchObject({ kind: 'timer', duration: 'PT1H' });
    expect(model.nodes.join.incoming).toEqual(['f_wait_join', 'f_b_join']);
    expect(model.nodes.e2).toMatchObject({ kind: 'end', terminate: true, outcome: 'rejected' });
    expect(model.flows.f_x_fork.condition).toBe('${amount >= 10}');
    expect(JSON.parse(JSON.stringify(model))).toEqual(model);
    expect(listUserTasks(model)).toEqual([
      { key: 'a', name: 'Approve', formKey: 'f2', rejectTarget: null, countersign: null },
      { key: 'b', name: '', formKey: null, rejectTarget: 'a', countersign: { mode: 'any', sequential: true } },
    ]);
  });

  const refusals: [string, string, string, Record<string, unknown>?][] = [
    ['not XML', '{"bpmn": true}', 'BPMN_NOT_XML'],
    ['another XML vocabulary', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'BPMN_NOT_BPMN20', { root: '{http://www.w3.org/2000/svg}svg' }],
    ['BPMN without its namespace', '<definitions><process id="p"/></definitions>', 'BPMN_NOT_BPMN20', { root: 'definitions' }],
    [
      'the BPMN 1.x / wrong namespace',
      '<definitions xmlns="http://www.omg.org/bpmn20"><process id="p"/></definitions>',
      'BPMN_NOT_BPMN20',
      { root: '{http://www.omg.org/bpmn20}definitions' },
    ],
    ['no process', `<bpmn:definitions ${NS} id="d"/>`, 'BPMN_NO_PROCESS'],
    ['two processes', `<bpmn:definitions ${NS} id="d"><bpmn:process id="a"/><bpmn:process id="b"/></bpmn:definitions>`, 'BPMN_MANY_PROCESSES', { count: 2 }],
    ['no start', bpmn('<bpmn:endEvent id="e"/>'), 'BPMN_NO_START', { id: 'p' }],
    ['two starts', bpmn(`<bpmn:startEvent id="s1"/><bpmn:startEvent id="s2"/><bpmn:endEvent id="e"/>`), 'BPMN_MANY_STARTS', { ids: 's1, s2' }],
    ['no end', bpmn('<bpmn:startEvent id="s"/>'), 'BPMN_NO_END', { id: 'p' }],
    ['a missing id', bpmn('<bpmn:startEvent/>'), 'BPMN_MISSING_ID', { element: 'bpmn:startEvent' }],
    ['a duplicate id', bpmn(`<bpmn:startEvent id="s"/><bpmn:userTask id="s"/>`), 'BPMN_DUPLICATE_ID', { id: 's' }],
    ['a dangling flow', bpmn(`<bpmn:startEvent id="s"/><bpmn:endEvent id="e"/>${flow('f1', 's', 'ghost')}`), 'BPMN_DANGLING_FLOW', { id: 'f1', ref: 'ghost' }],
    [
      'a script task',
      bpmn(`<bpmn:scriptTask id="js"><bpmn:script>process.exit()</bpmn:script></bpmn:scriptTask>`),
      'BPMN_UNSUPPORTED_ELEMENT',
      { element: 'bpmn:scriptTask', id: 'js' },
    ],
    ['a sub-process', bpmn('<bpmn:subProcess id="sub"/>'), 'BPMN_UNSUPPORTED_ELEMENT', { element: 'bpmn:subProcess', id: 'sub' }],
    ['an inclusive gateway', bpmn('<bpmn:inclusiveGateway id="ig"/>'), 'BPMN_UNSUPPORTED_ELEMENT', { id: 'ig' }],
    ['a plain task', bpmn('<bpmn:task id="t1"/>'), 'BPMN_UNSUPPORTED_ELEMENT', { element: 'bpmn:task' }],
    ['a message start', bpmn('<bpmn:startEvent id="s"><bpmn:messageEventDefinition id="m"/></bpmn:startEvent>'), 'BPMN_UNSUPPORTED_ELEMENT', { id: 'm' }],
    ['a boundary event', bpmn('<bpmn:boundaryEvent id="b" attachedToRef="t"/>'), 'BPMN_UNSUPPORTED_ELEMENT', { id: 'b' }],
    [
      'a timer date',
      bpmn(
        '<bpmn:intermediateCatchEvent id="w"><bpmn:timerEventDefinition><bpmn:timeDate>2026-01-01</bpmn:timeDate></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>',
      ),
      'BPMN_UNSUPPORTED_ELEMENT',
      { element: 'bpmn:timeDate' },
    ],
    [
      'a message catch',
      bpmn('<bpmn:intermediateCatchEvent id="w"><bpmn:messageEventDefinition/></bpmn:intermediateCatchEvent>'),
      'BPMN_UNSUPPORTED_ELEMENT',
      { id: 'w' },
    ],
    [
      'a completion condition',
      bpmn(
        '<bpmn:userTask id="u"><bpmn:multiInstanceLoopCharacteristics><bpmn:loopCardinality>2</bpmn:loopCardinality><bpmn:completionCondition>${x}</bpmn:completionCondition></bpmn:multiInstanceLoopCharacteristics></bpmn:userTask>',
      ),
      'BPMN_UNSUPPORTED_ELEMENT',
      { element: 'bpmn:completionCondition', id: 'u' },
    ],
    [
      'a bad timer',
      bpmn(
        '<bpmn:intermediateCatchEvent id="w"><bpmn:timerEventDefinition><bpmn:timeDuration>1 hour</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>',
      ),
      'BPMN_BAD_TIMER',
      { id: 'w', value: '1 hour' },
    ],
    [
      'a multi-instance without a count',
      bpmn('<bpmn:userTask id="u"><bpmn:multiInstanceLoopCharacteristics/></bpmn:userTask>'),
      'BPMN_BAD_MULTI_INSTANCE',
      { id: 'u' },
    ],
    [
      'a bad countersign mode',
      bpmn(
        '<bpmn:userTask id="u" bw:countersign="most"><bpmn:multiInstanceLoopCharacteristics><bpmn:loopCardinality>2</bpmn:loopCardinality></bpmn:multiInstanceLoopCharacteristics></bpmn:userTask>',
      ),
      'BPMN_BAD_ATTRIBUTE',
      { id: 'u', name: 'bw:countersign', value: 'most' },
    ],
    ['a service task without strategy', bpmn('<bpmn:serviceTask id="svc"/>'), 'BPMN_SERVICE_NO_STRATEGY', { id: 'svc' }],
    ['bad retries', bpmn('<bpmn:serviceTask id="svc" bw:strategy="x" bw:retries="99"/>'), 'BPMN_BAD_ATTRIBUTE', { name: 'bw:retries' }],
    [
      'a reject target that is no user task',
      bpmn(`${simple.replace('id="t"', 'id="t" bw:rejectTarget="s"')}`),
      'BPMN_BAD_ATTRIBUTE',
      { id: 't', name: 'bw:rejectTarget', value: 's' },
    ],
    [
      'a reject target that does not exist',
      bpmn(`${simple.replace('id="t"', 'id="t" bw:rejectTarget="__proto__"')}`),
      'BPMN_BAD_ATTRIBUTE',
      { value: '__proto__' },
    ],
    [
      'a condition that calls code',
      bpmn(
        `<bpmn:startEvent id="s"/><bpmn:exclusiveGateway id="x"/><bpmn:endEvent id="e"/>${flow('f0', 's', 'x')}${flow('f1', 'x', 'e', "${process.mainModule.require('child_process')}")}`,
      ),
      'BPMN_BAD_CONDITION',
      { id: 'f1', exprCode: 'EXPR_CALL_REFUSED' },
    ],
    [
      'a condition that builds a function',
      bpmn(
        `<bpmn:startEvent id="s"/><bpmn:exclusiveGateway id="x"/><bpmn:endEvent id="e"/>${flow('f0', 's', 'x')}${flow('f1', 'x', 'e', "${constructor.constructor('return process')()}")}`,
      ),
      'BPMN_BAD_CONDITION',
      { exprCode: 'EXPR_CALL_REFUSED' },
    ],
    [
      'a condition with a syntax error',
      bpmn(`<bpmn:startEvent id="s"/><bpmn:exclusiveGateway id="x"/><bpmn:endEvent id="e"/>${flow('f0', 's', 'x')}${flow('f1', 'x', 'e', '${amount &gt;}')}`),
      'BPMN_BAD_CONDITION',
      { id: 'f1', exprCode: 'EXPR_INCOMPLETE', column: 11 },
    ],
    [
      'a JavaScript condition',
      bpmn(
        `<bpmn:startEvent id="s"/><bpmn:exclusiveGateway id="x"/><bpmn:endEvent id="e"/>${flow('f0', 's', 'x')}<bpmn:sequenceFlow id="f1" sourceRef="x" targetRef="e"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression" language="javascript">next(null, true)</bpmn:conditionExpression></bpmn:sequenceFlow>`,
      ),
      'BPMN_SCRIPT_REFUSED',
      { id: 'f1', language: 'javascript' },
    ],
    [
      'a condition off a task',
      bpmn(`<bpmn:startEvent id="s"/><bpmn:userTask id="t"/><bpmn:endEvent id="e"/>${flow('f0', 's', 't')}${flow('f1', 't', 'e', 'true')}`),
      'BPMN_CONDITION_PLACEMENT',
      { id: 'f1' },
    ],
    [
      'a default flow elsewhere',
      bpmn(`<bpmn:startEvent id="s"/><bpmn:exclusiveGateway id="x" default="f0"/><bpmn:endEvent id="e"/>${flow('f0', 's', 'x')}${flow('f1', 'x', 'e')}`),
      'BPMN_BAD_DEFAULT_FLOW',
      { id: 'x', flow: 'f0' },
    ],
    [
      'a gateway without outputs',
      bpmn(`<bpmn:startEvent id="s"/><bpmn:parallelGateway id="g"/><bpmn:endEvent id="e"/>${flow('f0', 's', 'g')}`),
      'BPMN_GATEWAY_NO_OUTGOING',
      { id: 'g' },
    ],
    [
      'a task without output',
      bpmn(`<bpmn:startEvent id="s"/><bpmn:userTask id="t"/><bpmn:endEvent id="e"/>${flow('f0', 's', 't')}`),
      'BPMN_NO_OUTGOING',
      { id: 't' },
    ],
    ['a task with two outputs', bpmn(`${simple}<bpmn:endEvent id="e2"/>${flow('f9', 't', 'e2')}`), 'BPMN_MANY_OUTGOING', { id: 't' }],
    ['an input into the start', bpmn(`${simple}${flow('f9', 't', 's')}`), 'BPMN_START_HAS_INCOMING', { id: 's' }],
    ['an output from an end', bpmn(`${simple}<bpmn:userTask id="t2"/>${flow('f9', 'e', 't2')}${flow('f10', 't2', 't')}`), 'BPMN_END_HAS_OUTGOING', { id: 'e' }],
    ['an unreachable node', bpmn(`${simple}<bpmn:userTask id="island"/>${flow('f9', 'island', 'e')}`), 'BPMN_UNREACHABLE_NODE', { id: 'island' }],
    [
      'a loop with no way out',
      bpmn(`<bpmn:startEvent id="s"/><bpmn:exclusiveGateway id="x" default="f2"/><bpmn:userTask id="a"/><bpmn:userTask id="b"/><bpmn:endEvent id="e"/>
        ${flow('f0', 's', 'x')}${flow('f1', 'x', 'e', 'go')}${flow('f2', 'x', 'a')}${flow('f3', 'a', 'b')}${flow('f4', 'b', 'a')}`),
      'BPMN_DEAD_END',
      { id: 'a' },
    ],
  ];

  it.each(refusals)('refuses %s', (_label, xml, code, params) => {
    const e = errorOf(() => parseBpmn(xml));
    expect(e.code).toBe(code);
    if (params) expect(e.params).toMatchObject(params);
  });

  it('refuses an oversized file before reading it', () => {
    const huge = bpmn(`${simple}<bpmn:documentation>${'x'.repeat(2_100_000)}</bpmn:documentation>`);
    expect(errorOf(() => parseBpmn(huge))).toMatchObject({ code: 'BPMN_TOO_LARGE', params: { limit: '2048 KiB' } });
    const many = bpmn(`${simple}${'<bpmn:textAnnotation id="n"/>'.repeat(50)}`);
    expect(errorOf(() => parseBpmn(many, { limits: { maxElements: 40 } })).code).toBe('BPMN_TOO_LARGE');
  });

  it('warns about what it will not run', () => {
    const { warnings } = parseBpmn(
      bpmn(`<bpmn:startEvent id="s" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" camunda:initiator="me"/>
        <bpmn:exclusiveGateway id="x"/><bpmn:userTask id="u" bw:countersign="all" bw:unknown="1"><bpmn:multiInstanceLoopCharacteristics><bpmn:loopCardinality>2</bpmn:loopCardinality></bpmn:multiInstanceLoopCharacteristics></bpmn:userTask>
        <bpmn:userTask id="v"/><bpmn:userTask id="m"><bpmn:multiInstanceLoopCharacteristics><bpmn:loopCardinality>2</bpmn:loopCardinality></bpmn:multiInstanceLoopCharacteristics></bpmn:userTask><bpmn:endEvent id="e"/>
        ${flow('f0', 's', 'x')}${flow('f1', 'x', 'u')}${flow('f2', 'x', 'v', 'a > 1')}${chain('u', 'm', 'e')}${flow('f3', 'v', 'e')}`),
    );
    expect(warnings).toEqual([
      { code: 'BPMN_IGNORED_ATTRIBUTE', params: { id: 's', name: 'camunda:initiator' } },
      { code: 'BPMN_IGNORED_ATTRIBUTE', params: { id: 'u', name: 'bw:unknown' } },
      { code: 'BPMN_MULTI_DEFAULT_MODE', params: { id: 'm' } },
      { code: 'BPMN_UNCONDITIONAL_FLOW', params: { id: 'x', flow: 'f1' } },
    ]);
  });

  it('has zh-CN and en templates with the same placeholders for every code', () => {
    for (const [code, t] of Object.entries(workflowMessages)) {
      expect(t['zh-CN'], code).toMatch(/[\u4e00-\u9fff]/);
      const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1].replace(/Zh$/, '')).sort();
      expect(names(t['zh-CN']), code).toEqual(names(t.en));
    }
    const err = new WorkflowError('BPMN_DANGLING_FLOW', { id: 'f1', ref: 'x' });
    expect(err.message).toBe('The sequence flow f1 refers to a missing node x');
    expect(err.localized('zh-CN')).toBe('连线 f1 指向不存在的节点 x');
  });
});

describe('validateForExecution', () => {
  const xml = bpmn(`
    <bpmn:startEvent id="s" bw:formKey="leave"/>
    <bpmn:userTask id="a" bw:formKey="opinion" bw:rejectTarget="b"/>
    <bpmn:userTask id="b" bw:rejectTarget="a" bw:formKey="missing"/>
    <bpmn:userTask id="c" bw:rejectTarget="c"/>
    <bpmn:serviceTask id="svc" bw:strategy="sendMail"/>
    <bpmn:exclusiveGateway id="x" default="f_x_e"/>
    <bpmn:endEvent id="e"/>
    ${chain('s', 'a', 'b', 'c', 'svc', 'x')}${flow('f_x_e', 'x', 'e')}${flow('f_x_e2', 'x', 'e', 'days > 3 and cost.total > 1')}`);
  const { model } = parseBpmn(xml);

  it('reports unknown strategies, unknown forms and reject targets that are not upstream', () => {
    const r = validateForExecution(model, { knownStrategies: ['notify'], knownForms: ['leave', 'opinion'] });
    expect(r.ok).toBe(false);
    expect(r.errors).toEqual([
      { code: 'WF_BAD_REJECT_TARGET', params: { id: 'a', target: 'b' } },
      { code: 'WF_UNKNOWN_FORM', params: { id: 'b', formKey: 'missing' } },
      { code: 'WF_BAD_REJECT_TARGET', params: { id: 'c', target: 'c' } },
      { code: 'WF_UNKNOWN_STRATEGY', params: { id: 'svc', strategy: 'sendMail' } },
    ]);
    expect(r.warnings).toEqual([]);
  });

  it('warns about condition variables no form provides when the forms list their fields', () => {
    const r = validateForExecution(model, { knownStrategies: ['sendMail'], knownForms: { leave: ['days', 'reason'], opinion: ['comment'], missing: [] } });
    expect(r.errors.map((e) => e.code)).toEqual(['WF_BAD_REJECT_TARGET', 'WF_BAD_REJECT_TARGET']);
    expect(r.warnings).toEqual([{ code: 'WF_CONDITION_VARIABLE_UNPRODUCED', params: { flowId: 'f_x_e2', name: 'cost.total' } }]);
  });

  it('refuses a reject target inside a parallel branch from beyond its join', () => {
    const body = (
      target: string,
    ) => `<bpmn:startEvent id="s"/><bpmn:userTask id="a"/><bpmn:parallelGateway id="fork"/><bpmn:userTask id="b"/><bpmn:userTask id="c"/>
      <bpmn:parallelGateway id="join"/><bpmn:userTask id="x" bw:rejectTarget="${target}"/><bpmn:endEvent id="e"/>
      ${chain('s', 'a', 'fork')}${chain('fork', 'b', 'join')}${chain('fork', 'c', 'join')}${chain('join', 'x', 'e')}`;
    expect(validateForExecution(parseBpmn(bpmn(body('b'))).model, { knownStrategies: [] }).errors).toEqual([
      { code: 'WF_REJECT_INTO_BRANCH', params: { id: 'x', target: 'b', join: 'join' } },
    ]);
    expect(validateForExecution(parseBpmn(bpmn(body('a'))).model, { knownStrategies: [] }).ok).toBe(true);
  });
});

describe('sample models', () => {
  const files = readdirSync(MODELS).filter((f) => f.endsWith('.bpmn'));

  it('ships the four default models', () => {
    expect(files.sort()).toEqual(['leave-request.bpmn', 'one-step-approval.bpmn', 'two-step-amount.bpmn', 'two-step-countersign.bpmn']);
    expect(sampleModels().map((s) => [s.key, parseBpmn(s.xml).model.processId])).toEqual([
      ['leave-request', 'leave_request'],
      ['one-step-approval', 'one_step_approval'],
      ['two-step-amount', 'two_step_amount'],
      ['two-step-countersign', 'two_step_countersign'],
    ]);
  });

  it.each(files)('%s parses without warnings and passes validation', (file) => {
    const { model, warnings } = parseBpmn(sample(file));
    expect(warnings).toEqual([]);
    expect(validateForExecution(model, { knownStrategies: [] })).toEqual({ ok: true, errors: [], warnings: [] });
  });

  it.each(files)('%s is read by bpmn-moddle (the reader of bpmn-js) without warnings, with a shape or edge for every element', async (file) => {
    const moddle = new BpmnModdle({ bw: bwModdleDescriptor });
    const { rootElement, warnings } = await moddle.fromXML(sample(file));
    expect(warnings).toEqual([]);
    const proc = (rootElement as any).rootElements.find((e: any) => e.$type === 'bpmn:Process');
    const plane = (rootElement as any).diagrams[0].plane;
    const drawn = new Set(plane.planeElement.map((d: any) => d.bpmnElement.id));
    for (const el of proc.flowElements) expect(drawn.has(el.id), el.id).toBe(true);
    // Our attributes are typed properties, not unknown $attrs.
    for (const el of proc.flowElements)
      expect(
        Object.keys(el.$attrs ?? {}).filter((k) => k.startsWith('bw:')),
        el.id,
      ).toEqual([]);
    const { model } = parseBpmn(sample(file));
    for (const el of proc.flowElements.filter((e: any) => e.$type === 'bpmn:UserTask')) expect(el.formKey).toBe((model.nodes[el.id] as any).formKey);
  });

  it('keeps the bw: attributes through a bpmn-moddle write (what the modeler saves) and reads the result the same', async () => {
    const moddle = new BpmnModdle({ bw: bwModdleDescriptor });
    const xml = sample('two-step-countersign.bpmn');
    const { rootElement } = await moddle.fromXML(xml);
    const review = (rootElement as any).rootElements[0].flowElements.find((e: any) => e.id === 'review');
    expect(review).toMatchObject({ countersign: 'all', collection: 'reviewers', formKey: 'approval-opinion' });
    review.countersign = 'any';
    const { xml: written } = await moddle.toXML(rootElement, { format: true });
    expect(written).toContain('bw:countersign="any"');
    const before = parseBpmn(xml).model;
    const after = parseBpmn(written).model;
    expect(after.nodes.review).toEqual({ ...before.nodes.review, multi: { ...(before.nodes.review as any).multi, mode: 'any' } });
    expect({ ...after, nodes: { ...after.nodes, review: null } }).toEqual({ ...before, nodes: { ...before.nodes, review: null } });
  });
});
