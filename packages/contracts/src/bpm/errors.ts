import { defineModuleErrors, type Translations } from '../errors';

/** Workflow errors (issue 15). `detail`/`detailZh` carry the engine's own message in each language. */
export const bpmErrors = defineModuleErrors('BPM', {
  BPM_INVALID_BPMN: { 'zh-CN': '不是有效的 BPMN 2.0 流程：{detailZh}', en: 'Not a valid BPMN 2.0 process: {detail}' },
  BPM_MODEL_NOT_EXECUTABLE: { 'zh-CN': '流程不能部署：{detailZh}', en: 'The process cannot be deployed: {detail}' },
  BPM_MODEL_KEY_EXISTS: { 'zh-CN': '流程标识 {key} 已存在', en: 'The process key {key} already exists' },
  BPM_MODEL_HAS_NO_XML: { 'zh-CN': '流程模型 {name} 还没有流程图，不能部署', en: 'The process model {name} has no diagram yet and cannot be deployed' },
  BPM_MODEL_IN_USE: {
    'zh-CN': '流程模型 {name} 已部署并被业务绑定，不能删除',
    en: 'The process model {name} is deployed and bound to a business type; it cannot be deleted',
  },
  BPM_DEFINITION_SUSPENDED: {
    'zh-CN': '流程定义 {name}（版本 {version}）已挂起，不能发起新流程',
    en: 'The process definition {name} (version {version}) is suspended; no new process can start',
  },
  BPM_INSTANCE_NOT_RUNNING: {
    'zh-CN': '流程实例已结束（{status}），不能再操作',
    en: 'The process instance has ended ({status}); nothing more can be done on it',
  },
  BPM_TASK_HANDLED: { 'zh-CN': '该任务已被处理', en: 'This task has already been handled' },
  BPM_TASK_NOT_YOURS: { 'zh-CN': '该任务不是您的待办，不能处理', en: 'This task is not in your to-do list; you cannot handle it' },
  BPM_NOT_STARTER: { 'zh-CN': '只有流程发起人可以取消流程', en: 'Only the starter of a process can cancel it' },
  BPM_NO_CANDIDATES: {
    'zh-CN': '任务“{task}”按分配规则找不到处理人，请检查任务分配规则',
    en: 'No one can handle the task "{task}" under its assignment rule; check the task assignment rules',
  },
  BPM_CONDITION_FAILED: { 'zh-CN': '流转条件无法计算：{detailZh}', en: 'A flow condition could not be evaluated: {detail}' },
  BPM_WORKFLOW: { 'zh-CN': '流程执行失败：{detailZh}', en: 'The process step failed: {detail}' },
  BPM_NO_BINDING: { 'zh-CN': '业务类型 {type} 没有绑定已部署的流程', en: 'No deployed process is bound to the business type {type}' },
  BPM_UNKNOWN_BUSINESS_TYPE: { 'zh-CN': '业务类型 {type} 不存在', en: 'The business type {type} does not exist' },
  BPM_BUSINESS_RUNNING: { 'zh-CN': '该业务记录已有进行中的流程', en: 'This business record already has a running process' },
  BPM_RULE_TASK_UNKNOWN: { 'zh-CN': '流程定义中没有用户任务 {taskKey}', en: 'The process definition has no user task {taskKey}' },
  BPM_RULE_EXISTS: { 'zh-CN': '用户任务 {taskKey} 已有分配规则', en: 'The user task {taskKey} already has an assignment rule' },
  BPM_RULE_OPTIONS: { 'zh-CN': '分配规则“{type}”需要选择至少一个对象', en: 'The assignment rule "{type}" needs at least one choice' },
  BPM_UNKNOWN_STRATEGY: { 'zh-CN': '分配策略 {strategy} 不存在', en: 'The assignment strategy {strategy} does not exist' },
  BPM_GROUP_NAME_EXISTS: { 'zh-CN': '用户组 {name} 已存在', en: 'The user group {name} already exists' },
  BPM_LEAVE_DATES: { 'zh-CN': '结束日期不能早于开始日期', en: 'The end date cannot be before the start date' },
  BPM_FORM_KEY_EXISTS: { 'zh-CN': '表单标识 {key} 已存在', en: 'The form key {key} already exists' },
  BPM_FORM_FIELD_DUPLICATE: { 'zh-CN': '表单字段名 {name} 重复', en: 'The form field name {name} is used twice' },
  BPM_FORM_FIELD_OPTIONS: { 'zh-CN': '字段“{label}”需要至少一个选项', en: 'The field "{label}" needs at least one option' },
  BPM_FORM_CONDITION_FIELD: {
    'zh-CN': '字段“{label}”的条件引用了不存在的字段 {name}',
    en: 'A condition of the field "{label}" refers to the unknown field {name}',
  },
  BPM_FORM_IN_USE: {
    'zh-CN': '表单 {name} 正被流程模型 {model} 使用，不能删除',
    en: 'The form {name} is used by the process model {model}; it cannot be deleted',
  },
  BPM_FORM_INVALID: { 'zh-CN': '表单“{form}”填写有误：{detailZh}', en: 'The form "{form}" is not filled in correctly: {detail}' },
  BPM_NO_INCIDENT: {
    'zh-CN': '服务步骤 {serviceId} 没有等待重试的故障',
    en: 'The service step {serviceId} has no incident waiting for a retry',
  },
  BPM_BPMN_FILE: { 'zh-CN': '请上传一个 .bpmn 文件', en: 'Upload one .bpmn file' },
});

export const bpmFieldLabels: Record<string, Translations> = {
  bpmnXml: { 'zh-CN': '流程图', en: 'Diagram' },
  key: { 'zh-CN': '流程标识', en: 'Process key' },
  category: { 'zh-CN': '分类', en: 'Category' },
  definitionId: { 'zh-CN': '流程定义', en: 'Process definition' },
  processInstanceId: { 'zh-CN': '流程实例', en: 'Process instance' },
  businessType: { 'zh-CN': '业务类型', en: 'Business type' },
  businessKey: { 'zh-CN': '业务记录', en: 'Business record' },
  variables: { 'zh-CN': '流程变量', en: 'Process variables' },
  reason: { 'zh-CN': '原因', en: 'Reason' },
  assigneeUserId: { 'zh-CN': '处理人', en: 'Assignee' },
  taskKey: { 'zh-CN': '用户任务', en: 'User task' },
  options: { 'zh-CN': '分配对象', en: 'Assign to' },
  memberUserIds: { 'zh-CN': '成员', en: 'Members' },
  state: { 'zh-CN': '状态', en: 'State' },
  startDate: { 'zh-CN': '开始日期', en: 'Start date' },
  endDate: { 'zh-CN': '结束日期', en: 'End date' },
  schema: { 'zh-CN': '表单字段', en: 'Form fields' },
  remark: { 'zh-CN': '备注', en: 'Remark' },
};
