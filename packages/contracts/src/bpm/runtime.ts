import { z } from 'zod';
import { PageQuery } from '../query';
import { listSpec, resource } from '../http/endpoint';
import { optionalText, requiredText } from '../doe/shared';
import { bpmPermissions as P } from './permissions';
import { IdQuery } from './model';
import { FormSnapshot, SubmittedForm } from './form';

export const INSTANCE_STATUSES = ['running', 'approved', 'rejected', 'cancelled'] as const;
export const InstanceStatus = z.enum(INSTANCE_STATUSES);
export type InstanceStatus = z.infer<typeof InstanceStatus>;
export const TASK_STATUSES = ['open', 'approved', 'rejected', 'closed'] as const;
export const TaskStatus = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof TaskStatus>;

/** Process variables: a JSON object (the engine checks depth, size and names). */
export const Variables = z.record(z.string().max(64), z.unknown()).default({});

export const InstanceCreate = z.object({ definitionId: z.number().int().positive(), variables: Variables });
export type InstanceCreate = z.input<typeof InstanceCreate>;
export const InstanceCancel = z.object({ id: z.coerce.number().int().positive(), reason: requiredText(500) });
export type InstanceCancel = z.input<typeof InstanceCancel>;
export const InitProcess = z.object({
  businessType: z.string().trim().min(1).max(64),
  businessKey: z.string().trim().min(1).max(64),
  variables: Variables,
});
export type InitProcess = z.input<typeof InitProcess>;

export const InstanceRow = z.object({
  id: z.number().int(),
  definitionId: z.number().int(),
  name: z.string(),
  version: z.number().int(),
  businessType: z.string().nullable(),
  businessKey: z.string().nullable(),
  status: InstanceStatus,
  startUserId: z.number().int().nullable(),
  startUserName: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** Names of the tasks open now. */
  currentTasks: z.array(z.string()),
});
export type InstanceRow = z.infer<typeof InstanceRow>;

export const TaskRow = z.object({
  id: z.number().int(),
  instanceId: z.number().int(),
  instanceName: z.string(),
  businessType: z.string().nullable(),
  businessKey: z.string().nullable(),
  taskKey: z.string(),
  nodeId: z.string(),
  name: z.string(),
  /** Countersign: this instance's position and the count. */
  multiIndex: z.number().int().nullable(),
  multiTotal: z.number().int().nullable(),
  status: TaskStatus,
  assigneeUserId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  startUserName: z.string().nullable(),
  comment: z.string().nullable(),
  closeReason: z.string().nullable(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
  /** The task's form (filled when approving), as its definition version holds it. */
  form: FormSnapshot.nullable(),
});
export type TaskRow = z.infer<typeof TaskRow>;

/**
 * The service strategies a service task may name (`bw:strategy`): a fixed list run by the server, never
 * user text. `notifyStarter`: a message to the starter; `notifyAdmins`: a message to the organisation's
 * administrators; `businessHandler`: the step the business type's owning module registered.
 */
export const SERVICE_STRATEGIES = ['notifyStarter', 'notifyAdmins', 'businessHandler'] as const;
export const ServiceStrategy = z.enum(SERVICE_STRATEGIES);
export type ServiceStrategy = z.infer<typeof ServiceStrategy>;

/** A step the server runs by itself: a timer waiting for its time, or a service step (an incident when `failed`). */
export const AutomaticStep = z.object({
  kind: z.enum(['timer', 'service']),
  /** The engine's timer or service id (`serviceId` of retry-service). */
  id: z.string(),
  nodeId: z.string(),
  name: z.string(),
  /** Timer: when it fires. */
  dueAt: z.string().nullable(),
  /** Service: the strategy, the attempt being run (1 = first) and, when retries are used up, the incident. */
  strategy: z.string().nullable(),
  attempt: z.number().int().nullable(),
  failed: z.boolean(),
  error: z.string().nullable(),
});
export type AutomaticStep = z.infer<typeof AutomaticStep>;

export const InstanceDetail = InstanceRow.extend({
  bpmnXml: z.string(),
  /** Per node or flow id: finished, active or untouched (for the diagram's highlight). */
  nodeStatus: z.record(z.string(), z.enum(['finished', 'active', 'untouched'])),
  variables: z.record(z.string(), z.unknown()),
  tasks: z.array(TaskRow),
  /** The forms filled so far: the start form, then each approved task's, in order. */
  forms: z.array(SubmittedForm),
  /** Timers and service steps waiting now; a failed service step is an incident an administrator may retry. */
  automatic: z.array(AutomaticStep),
});
export type InstanceDetail = z.infer<typeof InstanceDetail>;

export const RetryService = z.object({ id: z.number().int().positive(), serviceId: z.string().trim().min(1).max(200) });
export type RetryService = z.input<typeof RetryService>;

export const InstancePageQuery = PageQuery.extend({ status: InstanceStatus.optional(), businessType: z.string().trim().max(64).optional() });
export const instanceList = listSpec({ filters: {}, sortable: ['startedAt', 'endedAt', 'status'] });
export const TaskPageQuery = PageQuery.extend({ businessType: z.string().trim().max(64).optional() });
export const taskList = listSpec({ filters: {}, sortable: ['createdAt', 'endedAt'] });

export const TaskDecision = z.object({
  id: z.number().int().positive(),
  comment: optionalText(500),
  /** Form values merged into the process variables (approve only). */
  variables: Variables,
});
export type TaskDecision = z.input<typeof TaskDecision>;
export const TaskAssignee = z.object({ id: z.number().int().positive(), assigneeUserId: z.number().int().positive() });
export type TaskAssignee = z.input<typeof TaskAssignee>;
export const InstanceTasksQuery = z.object({ processInstanceId: z.coerce.number().int().positive() });
export const TodoStatistic = z.object({ todo: z.number().int(), byBusinessType: z.record(z.string(), z.number().int()) });
export type TodoStatistic = z.infer<typeof TodoStatistic>;

/** Process instances: started, followed, cancelled. */
export const instance = resource(
  { tag: 'bpm: process instances', base: '/bpm/process-instance' },
  {
    create: {
      method: 'POST',
      path: '/create',
      permission: P.instanceCreate,
      summary: 'Starts an instance of an active definition',
      body: InstanceCreate,
      data: InstanceDetail,
    },
    cancel: {
      method: 'DELETE',
      path: '/cancel',
      permission: P.instanceCancel,
      summary: 'Cancels a running instance the caller started, with a reason (query: id, reason)',
      query: InstanceCancel,
      data: InstanceDetail,
    },
    get: {
      method: 'GET',
      path: '/get',
      permission: P.instanceQuery,
      summary: 'One instance: diagram, highlighted nodes, variables and the timeline',
      query: IdQuery,
      data: InstanceDetail,
    },
    retryService: {
      method: 'PUT',
      path: '/retry-service',
      permission: P.definitionUpdate,
      summary: 'Runs a service step again after its retries were used up (an incident); administrators',
      body: RetryService,
      data: InstanceDetail,
    },
    myPage: {
      method: 'GET',
      path: '/my-page',
      permission: P.instanceQuery,
      summary: 'Instances the caller started, paged',
      query: InstancePageQuery,
      page: InstanceRow,
      list: instanceList,
    },
  },
);

/** User tasks: to-do, done, decisions, hand-over. */
export const task = resource(
  { tag: 'bpm: tasks', base: '/bpm/task' },
  {
    todoPage: {
      method: 'GET',
      path: '/todo-page',
      permission: P.taskQuery,
      summary: 'Open tasks the caller may handle',
      query: TaskPageQuery,
      page: TaskRow,
      list: taskList,
    },
    donePage: {
      method: 'GET',
      path: '/done-page',
      permission: P.taskQuery,
      summary: 'Tasks the caller decided',
      query: TaskPageQuery,
      page: TaskRow,
      list: taskList,
    },
    approve: {
      method: 'PUT',
      path: '/approve',
      permission: P.taskUpdate,
      summary: 'Approves an open task (one transaction with the business effect; a second approval is refused)',
      body: TaskDecision,
      data: TaskRow,
    },
    reject: {
      method: 'PUT',
      path: '/reject',
      permission: P.taskUpdate,
      summary: 'Rejects an open task: back to the reject target, or the instance ends rejected',
      body: TaskDecision,
      data: TaskRow,
    },
    updateAssignee: {
      method: 'PUT',
      path: '/update-assignee',
      permission: P.taskUpdate,
      summary: 'Hands an open task over to another user of the organisation',
      body: TaskAssignee,
      data: TaskRow,
    },
    listByProcessInstanceId: {
      method: 'GET',
      path: '/list-by-process-instance-id',
      permission: P.instanceQuery,
      summary: 'The tasks of an instance in order (the timeline)',
      query: InstanceTasksQuery,
      data: z.array(TaskRow),
    },
    myTodoStatistic: {
      method: 'GET',
      path: '/my-todo-statistic',
      permission: P.taskQuery,
      summary: 'How many tasks wait for the caller (header badge, dashboard)',
      data: TodoStatistic,
    },
  },
);

/** Business integration: a module's record starts the process bound to its business type. */
export const common = resource(
  { tag: 'bpm: business processes', base: '/bpm/common' },
  {
    initProcess: {
      method: 'POST',
      path: '/initProcess',
      permission: P.instanceCreate,
      summary: 'Starts the process bound to a business type for one business record',
      body: InitProcess,
      data: InstanceDetail,
    },
  },
);
