import type { RoleGrants } from '../roles';

/** Permission strings of the workflow module (spec sections 6 and 7, bpm). */
export const bpmPermissions = {
  modelQuery: 'bpm:model:query',
  modelCreate: 'bpm:model:create',
  modelUpdate: 'bpm:model:update',
  modelDelete: 'bpm:model:delete',
  modelDeploy: 'bpm:model:deploy',
  modelImport: 'bpm:model:import',
  definitionQuery: 'bpm:process-definition:query',
  definitionUpdate: 'bpm:process-definition:update',
  instanceQuery: 'bpm:process-instance:query',
  instanceCreate: 'bpm:process-instance:create',
  instanceCancel: 'bpm:process-instance:cancel',
  taskQuery: 'bpm:task:query',
  taskUpdate: 'bpm:task:update',
  groupQuery: 'bpm:user-group:query',
  groupCreate: 'bpm:user-group:create',
  groupUpdate: 'bpm:user-group:update',
  groupDelete: 'bpm:user-group:delete',
  formQuery: 'bpm:form:query',
  formCreate: 'bpm:form:create',
  formUpdate: 'bpm:form:update',
  formDelete: 'bpm:form:delete',
  ruleQuery: 'bpm:task-assign-rule:query',
  ruleCreate: 'bpm:task-assign-rule:create',
  ruleUpdate: 'bpm:task-assign-rule:update',
  bindingQuery: 'bpm:relationship:query',
  bindingUpdate: 'bpm:relationship:update',
} as const;

const P = bpmPermissions;
/** Every user takes part in processes: starts them, sees their own, handles the tasks given to them. */
const participant = [P.instanceQuery, P.instanceCreate, P.instanceCancel, P.taskQuery, P.taskUpdate] as const;

/** What the built-in roles receive of this module (administrators hold everything). */
export const bpmRoleGrants: RoleGrants = {
  clerk: participant,
  approver: participant,
  breeder: participant,
  technician: participant,
};
