/** The executable form of a process: plain JSON, read once from BPMN XML by parseBpmn. */

export const BPMN_NS = 'http://www.omg.org/spec/BPMN/20100524/MODEL';
export const BPMNDI_NS = 'http://www.omg.org/spec/BPMN/20100524/DI';
/** Our extension namespace: `xmlns:bw="http://breedwise.dev/schema/bpmn"`. */
export const BW_NS = 'http://breedwise.dev/schema/bpmn';
export const BW_PREFIX = 'bw';

export type CountersignMode = 'all' | 'any';
export type EndOutcome = 'approved' | 'rejected';

export interface MultiInstance {
  /** isSequential="true": one instance at a time, in order. */
  sequential: boolean;
  /** `all`: every instance must approve, the first reject decides; `any`: the first decision decides. */
  mode: CountersignMode;
  /** loopCardinality: an expression over the variables giving the number of instances. */
  cardinality?: string;
  /** bw:collection: a variable holding a list, one instance per element (given to the task as `item`). */
  collection?: string;
}

interface NodeBase {
  id: string;
  name: string;
  /** Sequence flow ids in, in document order. */
  incoming: string[];
  /** Sequence flow ids out, in document order. */
  outgoing: string[];
}

export type FlowNode =
  | (NodeBase & { kind: 'start'; formKey?: string })
  | (NodeBase & { kind: 'end'; terminate: boolean; outcome: EndOutcome })
  | (NodeBase & { kind: 'userTask'; formKey?: string; rejectTarget?: string; multi?: MultiInstance })
  | (NodeBase & { kind: 'serviceTask'; strategy: string; retries: number })
  | (NodeBase & { kind: 'exclusiveGateway'; defaultFlow?: string })
  | (NodeBase & { kind: 'parallelGateway' })
  | (NodeBase & { kind: 'timer'; duration: string });

export type NodeKind = FlowNode['kind'];

export interface SequenceFlow {
  id: string;
  name: string;
  source: string;
  target: string;
  /** The condition text as written (a `${ }` wrapper kept); only on exclusive gateway outputs. */
  condition?: string;
}

export interface ProcessModel {
  /** Format of this object, for stored copies. */
  schema: 1;
  processId: string;
  name: string;
  startId: string;
  nodes: Record<string, FlowNode>;
  flows: Record<string, SequenceFlow>;
  /** Node ids in document order. */
  nodeOrder: string[];
}
