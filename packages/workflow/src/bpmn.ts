/** Reads BPMN 2.0 XML (as bpmn-js writes it) into a ProcessModel, refusing what the engine cannot run. */
import { ExprError, exprMessages, formatMessage, parseExpression } from '@breedwise/expr';
import { parseDuration } from './duration';
import { WorkflowError, type Issue } from './errors';
import { BPMN_NS, BW_NS, type FlowNode, type MultiInstance, type ProcessModel, type SequenceFlow } from './model';
import { attr, parseXml, XML_LIMITS, type XmlElement, type XmlLimits } from './xml';

const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** Elements read for their meaning elsewhere or shown only in the diagram: skipped without a word. */
const IGNORED_IN_PROCESS = new Set([
  'documentation',
  'extensionElements',
  'laneSet',
  'textAnnotation',
  'association',
  'group',
  'dataObject',
  'dataObjectReference',
  'dataStoreReference',
  'property',
]);
const IGNORED_IN_DEFINITIONS = new Set(['documentation', 'extensionElements', 'collaboration', 'category']);
const EXECUTED = new Set(['startEvent', 'endEvent', 'userTask', 'serviceTask', 'exclusiveGateway', 'parallelGateway', 'intermediateCatchEvent']);
/** Children every flow node may have. */
const COMMON_CHILDREN = new Set(['incoming', 'outgoing', 'documentation', 'extensionElements']);

/** Extension attributes read on each kind of element; any other bw: attribute is reported as ignored. */
const BW_ATTRIBUTES: Record<string, string[]> = {
  startEvent: ['formKey'],
  userTask: ['formKey', 'rejectTarget', 'countersign', 'collection'],
  serviceTask: ['strategy', 'retries'],
  endEvent: ['outcome'],
};

export interface ParseResult {
  model: ProcessModel;
  warnings: Issue[];
}

export interface ParseBpmnOptions {
  limits?: Partial<XmlLimits>;
}

const qname = (el: XmlElement) => (el.prefix ? `${el.prefix}:${el.local}` : el.local);

function exprParams(err: ExprError): Record<string, string | number> {
  return {
    exprCode: err.code,
    column: err.params.column,
    detail: formatMessage(exprMessages[err.code].en, err.params),
    detailZh: formatMessage(exprMessages[err.code]['zh-CN'], err.params),
  };
}

/** Checks an expression's text; answers it as written. */
function checkExpression(text: string, id: string): string {
  try {
    parseExpression(text);
  } catch (err) {
    if (err instanceof ExprError) throw new WorkflowError('BPMN_BAD_CONDITION', { id, ...exprParams(err) });
    throw err;
  }
  return text.trim();
}

function unsupported(el: XmlElement, owner?: XmlElement): never {
  throw new WorkflowError('BPMN_UNSUPPORTED_ELEMENT', { element: qname(el), id: attr(el, 'id') ?? (owner ? (attr(owner, 'id') ?? '') : '') });
}

function requireId(el: XmlElement): string {
  const id = attr(el, 'id');
  if (!id || !id.trim()) throw new WorkflowError('BPMN_MISSING_ID', { element: qname(el), line: el.line });
  return id;
}

/** BPMN children of an element (elements of other namespaces are extensions and skipped). */
const bpmnChildren = (el: XmlElement) => el.children.filter((c) => c.ns === BPMN_NS);

function checkChildren(el: XmlElement, allowed: string[]): void {
  for (const c of bpmnChildren(el)) if (!COMMON_CHILDREN.has(c.local) && !allowed.includes(c.local)) unsupported(c, el);
}

function collectAttributeWarnings(el: XmlElement, id: string, warnings: Issue[]): void {
  const known = BW_ATTRIBUTES[el.local] ?? [];
  for (const a of el.attrs) {
    if (a.ns === null || a.ns === XSI_NS || a.ns === XML_NS) continue;
    if (a.ns === BW_NS && known.includes(a.local)) continue;
    warnings.push({ code: 'BPMN_IGNORED_ATTRIBUTE', params: { id, name: a.prefix ? `${a.prefix}:${a.local}` : a.local } });
  }
}

function oneOf<T extends string>(el: XmlElement, id: string, name: string, allowed: readonly T[], fallback: T): T {
  const v = attr(el, name, BW_NS);
  if (v === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(v))
    throw new WorkflowError('BPMN_BAD_ATTRIBUTE', { id, name: `bw:${name}`, value: v, allowed: allowed.join(', ') });
  return v as T;
}

function readNode(el: XmlElement, warnings: Issue[]): FlowNode | null {
  const id = requireId(el);
  const base = { id, name: attr(el, 'name') ?? '', incoming: [] as string[], outgoing: [] as string[] };
  const optional = (name: string) => {
    const v = attr(el, name, BW_NS)?.trim();
    return v ? v : undefined;
  };
  collectAttributeWarnings(el, id, warnings);
  switch (el.local) {
    case 'startEvent':
      checkChildren(el, []);
      return { ...base, kind: 'start', formKey: optional('formKey') };
    case 'endEvent': {
      checkChildren(el, ['terminateEventDefinition']);
      const terminate = bpmnChildren(el).some((c) => c.local === 'terminateEventDefinition');
      return { ...base, kind: 'end', terminate, outcome: oneOf(el, id, 'outcome', ['approved', 'rejected'] as const, 'approved') };
    }
    case 'userTask': {
      checkChildren(el, ['multiInstanceLoopCharacteristics']);
      const loop = bpmnChildren(el).find((c) => c.local === 'multiInstanceLoopCharacteristics');
      let multi: MultiInstance | undefined;
      if (loop) {
        for (const c of bpmnChildren(loop)) if (c.local !== 'loopCardinality' && !COMMON_CHILDREN.has(c.local)) unsupported(c, el);
        const cardinalityEl = bpmnChildren(loop).find((c) => c.local === 'loopCardinality');
        const cardinality = cardinalityEl && cardinalityEl.text.trim() ? checkExpression(cardinalityEl.text, id) : undefined;
        const collection = optional('collection');
        if (!cardinality && !collection) throw new WorkflowError('BPMN_BAD_MULTI_INSTANCE', { id });
        if (attr(el, 'countersign', BW_NS) === undefined) warnings.push({ code: 'BPMN_MULTI_DEFAULT_MODE', params: { id } });
        multi = {
          sequential: attr(loop, 'isSequential') === 'true',
          mode: oneOf(el, id, 'countersign', ['all', 'any'] as const, 'all'),
          ...(cardinality ? { cardinality } : {}),
          ...(collection ? { collection } : {}),
        };
      } else if (attr(el, 'countersign', BW_NS) !== undefined || attr(el, 'collection', BW_NS) !== undefined) {
        warnings.push({
          code: 'BPMN_IGNORED_ATTRIBUTE',
          params: { id, name: attr(el, 'countersign', BW_NS) !== undefined ? 'bw:countersign' : 'bw:collection' },
        });
      }
      const node: FlowNode = { ...base, kind: 'userTask' };
      const formKey = optional('formKey');
      const rejectTarget = optional('rejectTarget');
      if (formKey) node.formKey = formKey;
      if (rejectTarget) node.rejectTarget = rejectTarget;
      if (multi) node.multi = multi;
      return node;
    }
    case 'serviceTask': {
      checkChildren(el, []);
      const strategy = optional('strategy');
      if (!strategy) throw new WorkflowError('BPMN_SERVICE_NO_STRATEGY', { id });
      const retriesText = attr(el, 'retries', BW_NS);
      const retries = retriesText === undefined ? 3 : Number(retriesText);
      if (!Number.isInteger(retries) || retries < 0 || retries > 10)
        throw new WorkflowError('BPMN_BAD_ATTRIBUTE', { id, name: 'bw:retries', value: retriesText ?? '', allowed: '0-10' });
      return { ...base, kind: 'serviceTask', strategy, retries };
    }
    case 'exclusiveGateway': {
      checkChildren(el, []);
      const defaultFlow = attr(el, 'default');
      return defaultFlow ? { ...base, kind: 'exclusiveGateway', defaultFlow } : { ...base, kind: 'exclusiveGateway' };
    }
    case 'parallelGateway':
      checkChildren(el, []);
      return { ...base, kind: 'parallelGateway' };
    case 'intermediateCatchEvent': {
      checkChildren(el, ['timerEventDefinition']);
      const defs = bpmnChildren(el).filter((c) => c.local === 'timerEventDefinition');
      if (defs.length !== 1) unsupported(el);
      checkChildren(defs[0], ['timeDuration']);
      for (const c of bpmnChildren(defs[0]))
        if (c.local !== 'timeDuration' && c.local !== 'documentation' && c.local !== 'extensionElements') unsupported(c, el);
      const value =
        bpmnChildren(defs[0])
          .find((c) => c.local === 'timeDuration')
          ?.text.trim() ?? '';
      if (!parseDuration(value)) throw new WorkflowError('BPMN_BAD_TIMER', { id, value });
      return { ...base, kind: 'timer', duration: value };
    }
    default:
      return null;
  }
}

function readFlow(el: XmlElement): SequenceFlow {
  const id = requireId(el);
  const flow: SequenceFlow = { id, name: attr(el, 'name') ?? '', source: attr(el, 'sourceRef') ?? '', target: attr(el, 'targetRef') ?? '' };
  checkChildren(el, ['conditionExpression']);
  const cond = bpmnChildren(el).find((c) => c.local === 'conditionExpression');
  if (cond) {
    const language = attr(cond, 'language');
    if (language !== undefined && language.trim() !== '' && language !== BW_NS) throw new WorkflowError('BPMN_SCRIPT_REFUSED', { id, language });
    const type = attr(cond, 'type', XSI_NS);
    if (type !== undefined && !/(^|:)tFormalExpression$/.test(type)) unsupported(cond, el);
    flow.condition = checkExpression(cond.text, id);
  }
  return flow;
}

/** Reads BPMN 2.0 XML into a ProcessModel, or throws WorkflowError naming the element at fault. */
export function parseBpmn(xml: string, opts: ParseBpmnOptions = {}): ParseResult {
  const root = parseXml(xml, { ...XML_LIMITS, ...opts.limits });
  if (root.ns !== BPMN_NS || root.local !== 'definitions')
    throw new WorkflowError('BPMN_NOT_BPMN20', { root: root.ns ? `{${root.ns}}${root.local}` : root.local });
  const processes: XmlElement[] = [];
  for (const c of bpmnChildren(root)) {
    if (c.local === 'process') processes.push(c);
    else if (!IGNORED_IN_DEFINITIONS.has(c.local)) unsupported(c);
  }
  if (processes.length === 0) throw new WorkflowError('BPMN_NO_PROCESS');
  if (processes.length > 1) throw new WorkflowError('BPMN_MANY_PROCESSES', { count: processes.length });
  const proc = processes[0];
  const processId = requireId(proc);
  const warnings: Issue[] = [];
  const nodes: Record<string, FlowNode> = {};
  const flows: Record<string, SequenceFlow> = {};
  const nodeOrder: string[] = [];
  const seen = new Set<string>([processId]);
  const claim = (id: string) => {
    if (seen.has(id)) throw new WorkflowError('BPMN_DUPLICATE_ID', { id });
    seen.add(id);
  };
  const flowOrder: string[] = [];
  for (const c of bpmnChildren(proc)) {
    if (IGNORED_IN_PROCESS.has(c.local)) continue;
    if (c.local === 'sequenceFlow') {
      const flow = readFlow(c);
      claim(flow.id);
      flows[flow.id] = flow;
      flowOrder.push(flow.id);
      continue;
    }
    if (!EXECUTED.has(c.local)) unsupported(c);
    const node = readNode(c, warnings);
    if (!node) unsupported(c);
    claim(node.id);
    nodes[node.id] = node;
    nodeOrder.push(node.id);
  }

  for (const id of flowOrder) {
    const f = flows[id];
    for (const ref of [f.source, f.target]) if (!Object.prototype.hasOwnProperty.call(nodes, ref)) throw new WorkflowError('BPMN_DANGLING_FLOW', { id, ref });
    nodes[f.source].outgoing.push(id);
    nodes[f.target].incoming.push(id);
  }

  for (const id of nodeOrder) {
    const n = nodes[id];
    if (n.kind === 'userTask' && n.rejectTarget !== undefined && nodes[n.rejectTarget]?.kind !== 'userTask')
      throw new WorkflowError('BPMN_BAD_ATTRIBUTE', { id, name: 'bw:rejectTarget', value: n.rejectTarget, allowed: 'a user task id' });
  }

  const starts = nodeOrder.filter((id) => nodes[id].kind === 'start');
  if (starts.length === 0) throw new WorkflowError('BPMN_NO_START', { id: processId });
  if (starts.length > 1) throw new WorkflowError('BPMN_MANY_STARTS', { ids: starts.join(', ') });
  if (!nodeOrder.some((id) => nodes[id].kind === 'end')) throw new WorkflowError('BPMN_NO_END', { id: processId });

  for (const id of nodeOrder) {
    const n = nodes[id];
    if (n.kind === 'start' && n.incoming.length) throw new WorkflowError('BPMN_START_HAS_INCOMING', { id });
    if (n.kind === 'end') {
      if (n.outgoing.length) throw new WorkflowError('BPMN_END_HAS_OUTGOING', { id });
      continue;
    }
    const gateway = n.kind === 'exclusiveGateway' || n.kind === 'parallelGateway';
    if (n.outgoing.length === 0) throw new WorkflowError(gateway ? 'BPMN_GATEWAY_NO_OUTGOING' : 'BPMN_NO_OUTGOING', { id });
    if (!gateway && n.outgoing.length > 1) throw new WorkflowError('BPMN_MANY_OUTGOING', { id });
    if (n.kind === 'exclusiveGateway') {
      if (n.defaultFlow !== undefined && !n.outgoing.includes(n.defaultFlow)) throw new WorkflowError('BPMN_BAD_DEFAULT_FLOW', { id, flow: n.defaultFlow });
      if (n.outgoing.length > 1)
        for (const f of n.outgoing)
          if (f !== n.defaultFlow && flows[f].condition === undefined) warnings.push({ code: 'BPMN_UNCONDITIONAL_FLOW', params: { id, flow: f } });
    }
    for (const f of n.outgoing)
      if (flows[f].condition !== undefined && n.kind !== 'exclusiveGateway') throw new WorkflowError('BPMN_CONDITION_PLACEMENT', { id: f });
  }

  // Every node reachable from the start, and an end reachable from every node.
  const forward = reach([starts[0]], (id) => nodes[id].outgoing.map((f) => flows[f].target));
  const unreachable = nodeOrder.find((id) => !forward.has(id));
  if (unreachable) throw new WorkflowError('BPMN_UNREACHABLE_NODE', { id: unreachable });
  const ends = nodeOrder.filter((id) => nodes[id].kind === 'end');
  const backward = reach(ends, (id) => nodes[id].incoming.map((f) => flows[f].source));
  const deadEnd = nodeOrder.find((id) => !backward.has(id));
  if (deadEnd) throw new WorkflowError('BPMN_DEAD_END', { id: deadEnd });

  return { model: { schema: 1, processId, name: attr(proc, 'name') ?? '', startId: starts[0], nodes, flows, nodeOrder }, warnings };
}

export function reach(from: string[], next: (id: string) => string[]): Set<string> {
  const seen = new Set(from);
  const stack = [...from];
  while (stack.length)
    for (const n of next(stack.pop()!))
      if (!seen.has(n)) {
        seen.add(n);
        stack.push(n);
      }
  return seen;
}
