/** Error codes of the workflow engine with their zh-CN and en message templates (the contracts' `defineErrors` shape). */

export const workflowMessages = {
  // Reading a .bpmn file
  BPMN_NOT_XML: { 'zh-CN': '文件不是合法的 XML（第 {line} 行第 {column} 列）', en: 'The file is not well-formed XML (line {line}, column {column})' },
  BPMN_XML_DOCTYPE: {
    'zh-CN': '文件含有 DOCTYPE 或实体声明（第 {line} 行），出于安全原因不予接受',
    en: 'The file declares a DOCTYPE or entities (line {line}); they are refused for safety',
  },
  BPMN_TOO_LARGE: { 'zh-CN': '流程文件过大（上限 {limit}）', en: 'The process file is too large (the limit is {limit})' },
  BPMN_NOT_BPMN20: {
    'zh-CN': '文件不是 BPMN 2.0 流程模型：根元素为 {root}，应为 BPMN 2.0 命名空间的 definitions',
    en: 'The file is not a BPMN 2.0 model: its root is {root}, not definitions in the BPMN 2.0 namespace',
  },
  BPMN_NO_PROCESS: { 'zh-CN': '模型中没有流程（process）', en: 'The model has no process' },
  BPMN_MANY_PROCESSES: { 'zh-CN': '模型中有 {count} 个流程，只支持一个', en: 'The model has {count} processes; only one is supported' },
  BPMN_NO_START: { 'zh-CN': '流程 {id} 没有开始事件', en: 'The process {id} has no start event' },
  BPMN_MANY_STARTS: { 'zh-CN': '流程有多个开始事件：{ids}', en: 'The process has several start events: {ids}' },
  BPMN_NO_END: { 'zh-CN': '流程 {id} 没有结束事件', en: 'The process {id} has no end event' },
  BPMN_MISSING_ID: { 'zh-CN': '元素 {element} 缺少 id（第 {line} 行）', en: 'The element {element} has no id (line {line})' },
  BPMN_DUPLICATE_ID: { 'zh-CN': 'id {id} 重复', en: 'The id {id} is used twice' },
  BPMN_DANGLING_FLOW: { 'zh-CN': '连线 {id} 指向不存在的节点 {ref}', en: 'The sequence flow {id} refers to a missing node {ref}' },
  BPMN_UNSUPPORTED_ELEMENT: {
    'zh-CN': '不支持的元素 {element}（id {id}）：可执行的只有开始/结束事件、用户任务、服务任务、排他网关、并行网关和定时中间事件',
    en: 'The element {element} (id {id}) is not supported: only start and end events, user and service tasks, exclusive and parallel gateways and timer catch events run',
  },
  BPMN_BAD_CONDITION: {
    'zh-CN': '{id} 的条件表达式有误：{detailZh}',
    en: 'The condition expression of {id} is invalid: {detail}',
  },
  BPMN_SCRIPT_REFUSED: {
    'zh-CN': '连线 {id} 的条件使用了脚本语言 {language}，只接受内置表达式',
    en: 'The condition of the sequence flow {id} is written in the script language {language}; only the built-in expressions are accepted',
  },
  BPMN_CONDITION_PLACEMENT: {
    'zh-CN': '连线 {id} 有条件，但它不是从排他网关出发的；条件只能写在排他网关的出口上',
    en: 'The sequence flow {id} has a condition but does not leave an exclusive gateway; conditions belong on exclusive gateway outputs',
  },
  BPMN_BAD_DEFAULT_FLOW: { 'zh-CN': '网关 {id} 的默认连线 {flow} 不是它的出口', en: 'The default flow {flow} of the gateway {id} does not leave it' },
  BPMN_UNREACHABLE_NODE: { 'zh-CN': '节点 {id} 从开始事件无法到达', en: 'The node {id} cannot be reached from the start event' },
  BPMN_DEAD_END: { 'zh-CN': '从节点 {id} 无法到达任何结束事件', en: 'No end event can be reached from the node {id}' },
  BPMN_GATEWAY_NO_OUTGOING: { 'zh-CN': '网关 {id} 没有出口连线', en: 'The gateway {id} has no outgoing sequence flow' },
  BPMN_NO_OUTGOING: { 'zh-CN': '节点 {id} 没有出口连线', en: 'The node {id} has no outgoing sequence flow' },
  BPMN_MANY_OUTGOING: {
    'zh-CN': '节点 {id} 有多条出口连线；分支请使用网关',
    en: 'The node {id} has several outgoing sequence flows; use a gateway to branch',
  },
  BPMN_START_HAS_INCOMING: { 'zh-CN': '开始事件 {id} 不能有进入的连线', en: 'The start event {id} cannot have incoming sequence flows' },
  BPMN_END_HAS_OUTGOING: { 'zh-CN': '结束事件 {id} 不能有出口连线', en: 'The end event {id} cannot have outgoing sequence flows' },
  BPMN_BAD_TIMER: {
    'zh-CN': '定时事件 {id} 的时长 {value} 不是 ISO 8601 时长（如 PT30M、P2D）',
    en: 'The timer {id} has a duration {value} that is not an ISO 8601 duration (such as PT30M or P2D)',
  },
  BPMN_BAD_MULTI_INSTANCE: {
    'zh-CN': '会签任务 {id} 需要 loopCardinality（人数表达式）或 bw:collection（人员列表变量）',
    en: 'The multi-instance task {id} needs a loopCardinality (a count expression) or bw:collection (a variable holding a list)',
  },
  BPMN_BAD_ATTRIBUTE: {
    'zh-CN': '元素 {id} 的属性 {name} 的值 {value} 无效，可选：{allowed}',
    en: 'The attribute {name} of {id} has an invalid value {value}; allowed: {allowed}',
  },
  BPMN_SERVICE_NO_STRATEGY: { 'zh-CN': '服务任务 {id} 缺少 bw:strategy 属性', en: 'The service task {id} has no bw:strategy attribute' },
  // Warnings while reading
  BPMN_IGNORED_ATTRIBUTE: { 'zh-CN': '元素 {id} 的属性 {name} 不会被执行', en: 'The attribute {name} of {id} is ignored by the engine' },
  BPMN_UNCONDITIONAL_FLOW: {
    'zh-CN': '排他网关 {id} 的出口 {flow} 没有条件也不是默认连线，视为条件恒真',
    en: 'The output {flow} of the exclusive gateway {id} has no condition and is not the default: it counts as always true',
  },
  BPMN_MULTI_DEFAULT_MODE: {
    'zh-CN': '会签任务 {id} 未设置 bw:countersign，按“全部同意”处理',
    en: 'The multi-instance task {id} has no bw:countersign; "all must approve" is used',
  },
  // Execution
  WF_NO_PATH: {
    'zh-CN': '网关 {nodeId} 的所有条件都不成立且没有默认连线，流程无法继续',
    en: 'No condition of the gateway {nodeId} holds and it has no default flow: the process cannot go on',
  },
  WF_CONDITION_FAILED: {
    'zh-CN': '网关 {nodeId} 的连线 {flowId} 的条件无法计算：{detailZh}',
    en: 'The condition of the flow {flowId} at the gateway {nodeId} could not be evaluated: {detail}',
  },
  WF_TASK_NOT_ACTIVE: { 'zh-CN': '任务 {taskKey} 已处理或不存在', en: 'The task {taskKey} has already been handled or does not exist' },
  WF_INSTANCE_ENDED: { 'zh-CN': '流程实例已结束', en: 'The process instance has already ended' },
  WF_BAD_OUTCOME: { 'zh-CN': '审批结果 {outcome} 无效，应为 approve 或 reject', en: 'The outcome {outcome} is invalid; use approve or reject' },
  WF_BAD_VARIABLES: { 'zh-CN': '流程变量 {name} 无效：只允许 JSON 数据', en: 'The process variable {name} is invalid: only JSON data is allowed' },
  WF_BAD_CARDINALITY: {
    'zh-CN': '会签任务 {nodeId} 的人数 {value} 无效（应为 1 到 {max} 的整数）',
    en: 'The multi-instance task {nodeId} has an invalid count {value} (a whole number from 1 to {max})',
  },
  WF_TIMER_NOT_ACTIVE: { 'zh-CN': '定时器 {timerId} 不存在或已触发', en: 'The timer {timerId} does not exist or has already fired' },
  WF_TIMER_NOT_DUE: { 'zh-CN': '定时器 {timerId} 要到 {dueAt} 才到期', en: 'The timer {timerId} is not due before {dueAt}' },
  WF_SERVICE_NOT_ACTIVE: { 'zh-CN': '服务步骤 {serviceId} 不存在或已完成', en: 'The service step {serviceId} does not exist or has finished' },
  WF_VERSION_CONFLICT: {
    'zh-CN': '流程实例已被修改（版本 {actual}，期望 {expected}），请刷新后重试',
    en: 'The process instance changed meanwhile (version {actual}, expected {expected}); refresh and retry',
  },
  WF_STEP_LIMIT: {
    'zh-CN': '流程在节点 {nodeId} 附近循环过多（上限 {limit} 步），已停止',
    en: 'The process looped too often near the node {nodeId} (at most {limit} steps)',
  },
  WF_BAD_STATE: { 'zh-CN': '流程实例状态与模型不符：{detail}', en: 'The instance state does not match the model: {detail}' },
  WF_BAD_TIME: { 'zh-CN': '时间 {value} 无效', en: 'The time {value} is invalid' },
  // validateForExecution
  WF_UNKNOWN_STRATEGY: { 'zh-CN': '服务任务 {id} 的策略 {strategy} 不存在', en: 'The service task {id} uses an unknown strategy {strategy}' },
  WF_UNKNOWN_FORM: { 'zh-CN': '节点 {id} 的表单 {formKey} 不存在', en: 'The node {id} uses an unknown form {formKey}' },
  WF_BAD_REJECT_TARGET: {
    'zh-CN': '任务 {id} 的驳回目标 {target} 不是它上游的用户任务',
    en: 'The reject target {target} of the task {id} is not a user task upstream of it',
  },
  WF_REJECT_INTO_BRANCH: {
    'zh-CN': '任务 {id} 驳回到 {target} 会回到并行分支内部，而汇聚网关 {join} 会一直等待其他分支；请驳回到并行网关之前的任务',
    en: 'Rejecting {id} back to {target} re-enters a parallel branch and the join {join} would wait for the other branches forever; reject to a task before the parallel gateway',
  },
  WF_CONDITION_VARIABLE_UNPRODUCED: {
    'zh-CN': '连线 {flowId} 的条件使用了变量 {name}，但没有表单提供它',
    en: 'The condition of the flow {flowId} uses the variable {name}, which no form provides',
  },
} as const satisfies Record<string, { 'zh-CN': string; en: string }>;

export type WorkflowErrorCode = keyof typeof workflowMessages;
export type WorkflowErrorParams = Record<string, string | number>;

export function formatWorkflowMessage(template: string, params: WorkflowErrorParams): string {
  return template.replace(/\{(\w+)\}/g, (all, key: string) => (Object.prototype.hasOwnProperty.call(params, key) ? String(params[key]) : all));
}

/** The only error the engine throws; `params` names the element (id, nodeId, flowId ...). */
export class WorkflowError extends Error {
  readonly code: WorkflowErrorCode;
  readonly params: WorkflowErrorParams;
  constructor(code: WorkflowErrorCode, params: WorkflowErrorParams = {}) {
    super(formatWorkflowMessage(workflowMessages[code].en, params));
    this.name = 'WorkflowError';
    this.code = code;
    this.params = params;
  }
  localized(locale: 'zh-CN' | 'en'): string {
    return formatWorkflowMessage(workflowMessages[this.code][locale], this.params);
  }
}

/** A finding of a check that does not stop the model (warnings) or of validateForExecution. */
export interface Issue {
  code: WorkflowErrorCode;
  params: WorkflowErrorParams;
}
