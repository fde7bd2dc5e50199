/**
 * @breedwise/workflow: BPMN 2.0 process models (as bpmn-js draws them) read strictly, and a pure,
 * deterministic interpreter over JSON state. See README.md for the supported elements, the extension
 * attributes and the semantics of countersign and reject.
 */
import moddle from './bw-moddle.json';

export { parseBpmn, type ParseResult, type ParseBpmnOptions } from './bpmn';
export {
  startInstance,
  completeTask,
  fireTimer,
  completeService,
  retryService,
  cancelInstance,
  nodeStatus,
  openTasks,
  checkVariables,
  LIMITS,
  type InstanceState,
  type StepResult,
  type Effect,
  type TokenState,
  type TaskState,
  type TimerState,
  type ServiceState,
  type MultiState,
  type CompleteTaskCommand,
  type NodeStatus,
  type Outcome,
  type InstanceOutcome,
  type CloseReason,
  type Json,
  type Now,
} from './engine';
export { validateForExecution, listUserTasks, type ValidateOptions, type ValidationResult, type UserTaskInfo } from './validate';
export { WorkflowError, workflowMessages, formatWorkflowMessage, type WorkflowErrorCode, type WorkflowErrorParams, type Issue } from './errors';
export {
  BPMN_NS,
  BPMNDI_NS,
  BW_NS,
  BW_PREFIX,
  type ProcessModel,
  type FlowNode,
  type SequenceFlow,
  type MultiInstance,
  type CountersignMode,
  type NodeKind,
} from './model';
export { parseDuration, addDuration } from './duration';
export { XML_LIMITS } from './xml';

/** The moddle descriptor of the bw: attributes, for bpmn-js: `new BpmnModeler({ moddleExtensions: { bw: bwModdleDescriptor } })`. */
export const bwModdleDescriptor = moddle;
