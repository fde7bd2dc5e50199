import { z } from 'zod';
import { PageQuery } from '../query';
import { listSpec, resource } from '../http/endpoint';
import { optionalText, requiredText } from '../doe/shared';
import type { Translations } from '../errors';
import { bpmPermissions as P } from './permissions';
import { IdQuery } from './model';

export const UserGroupFields = z.object({
  name: requiredText(100),
  description: optionalText(500),
  memberUserIds: z.array(z.number().int().positive()).max(500).default([]),
});
export const UserGroupCreate = UserGroupFields;
export type UserGroupCreate = z.input<typeof UserGroupCreate>;
export const UserGroupUpdate = UserGroupFields.extend({ id: z.number().int().positive() });
export type UserGroupUpdate = z.input<typeof UserGroupUpdate>;
export const UserGroupRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  memberUserIds: z.array(z.number().int()),
  memberNames: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserGroupRow = z.infer<typeof UserGroupRow>;
export const SimpleOption = z.object({ id: z.number().int(), name: z.string() });
export const userGroupList = listSpec({ filters: {}, sortable: ['name', 'createdAt', 'updatedAt'] });

/**
 * Assignment rule types: who may handle a user task (spec section 6: role, user, user group or a registered strategy).
 * `deptLeader`: the leader of the starter's department (the nearest department up the tree that has one).
 */
export const ASSIGN_TYPES = ['role', 'user', 'group', 'starter', 'deptLeader', 'strategy'] as const;
export const AssignType = z.enum(ASSIGN_TYPES);
export type AssignType = z.infer<typeof AssignType>;
/** The fixed list of server strategies a rule may name (never evaluated text). */
export const ASSIGN_STRATEGIES = ['businessApprovers', 'orgAdmins'] as const;
export const AssignStrategy = z.enum(ASSIGN_STRATEGIES);
export type AssignStrategy = z.infer<typeof AssignStrategy>;
export const assignStrategyLabels: Record<AssignStrategy, Translations> = {
  businessApprovers: { 'zh-CN': '有该业务审批权限的用户', en: 'Users holding the business type’s approve permission' },
  orgAdmins: { 'zh-CN': '组织管理员', en: 'Organisation administrators' },
};

export const RuleFields = z.object({
  type: AssignType,
  /** Role, user or group ids for those types. */
  options: z.array(z.number().int().positive()).max(200).default([]),
  strategy: AssignStrategy.nullish().transform((v) => v ?? null),
});
export const RuleCreate = RuleFields.extend({ definitionId: z.number().int().positive(), taskKey: z.string().trim().min(1).max(64) });
export type RuleCreate = z.input<typeof RuleCreate>;
export const RuleUpdate = RuleFields.extend({ id: z.number().int().positive() });
export type RuleUpdate = z.input<typeof RuleUpdate>;
export const RuleRow = z.object({
  /** Null: the user task has no rule yet (it falls back to the business approvers, or the starter). */
  id: z.number().int().nullable(),
  definitionId: z.number().int(),
  taskKey: z.string(),
  taskName: z.string(),
  type: AssignType.nullable(),
  options: z.array(z.number().int()),
  strategy: AssignStrategy.nullable(),
});
export type RuleRow = z.infer<typeof RuleRow>;
export const RuleListQuery = z.object({ definitionId: z.coerce.number().int().positive() });

export const BindingRow = z.object({
  businessType: z.string(),
  label: z.string(),
  modelId: z.number().int().nullable(),
  modelName: z.string().nullable(),
  /** The version new records start on: the model's latest active definition. */
  definitionId: z.number().int().nullable(),
  version: z.number().int().nullable(),
});
export type BindingRow = z.infer<typeof BindingRow>;
export const BindingSave = z.object({ businessType: z.string().trim().min(1).max(64), modelId: z.number().int().positive() });
export type BindingSave = z.input<typeof BindingSave>;

export const userGroup = resource(
  { tag: 'bpm: user groups', base: '/bpm/user-group' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.groupQuery,
      summary: 'User groups, paged',
      query: PageQuery,
      page: UserGroupRow,
      list: userGroupList,
    },
    get: { method: 'GET', path: '/get', permission: P.groupQuery, summary: 'One user group', query: IdQuery, data: UserGroupRow },
    listAllSimple: {
      method: 'GET',
      path: '/list-all-simple',
      permission: P.ruleQuery,
      summary: 'Every user group (id, name) for pickers',
      data: z.array(SimpleOption),
    },
    create: { method: 'POST', path: '/create', permission: P.groupCreate, summary: 'Creates a user group', body: UserGroupCreate, data: UserGroupRow },
    update: { method: 'PUT', path: '/update', permission: P.groupUpdate, summary: 'Updates a user group', body: UserGroupUpdate, data: UserGroupRow },
    delete: { method: 'DELETE', path: '/delete', permission: P.groupDelete, summary: 'Deletes a user group', query: IdQuery, data: z.null() },
  },
);

export const assignRule = resource(
  { tag: 'bpm: task assignment rules', base: '/bpm/task-assign-rule' },
  {
    list: {
      method: 'GET',
      path: '/list',
      permission: P.ruleQuery,
      summary: 'Every user task of a definition with its rule',
      query: RuleListQuery,
      data: z.array(RuleRow),
    },
    create: { method: 'POST', path: '/create', permission: P.ruleCreate, summary: 'Gives a user task its rule', body: RuleCreate, data: RuleRow },
    update: {
      method: 'PUT',
      path: '/update',
      permission: P.ruleUpdate,
      summary: 'Changes a rule (tasks created later follow it)',
      body: RuleUpdate,
      data: RuleRow,
    },
  },
);

export const binding = resource(
  { tag: 'bpm: business bindings', base: '/bpm/relationship' },
  {
    list: {
      method: 'GET',
      path: '/list',
      permission: P.bindingQuery,
      summary: 'Every business type with the model that approves it',
      data: z.array(BindingRow),
    },
    save: {
      method: 'PUT',
      path: '/save',
      permission: P.bindingUpdate,
      summary: 'Binds a business type to a model (its latest active version starts new records)',
      body: BindingSave,
      data: BindingRow,
    },
  },
);

/** Users and roles of the organisation for the pickers (rules, groups, hand-over). */
export const simpleUser = resource(
  { tag: 'bpm: users and roles', base: '/bpm/user' },
  {
    listSimpleUsers: {
      method: 'GET',
      path: '/list-simple-users',
      permission: P.taskQuery,
      summary: 'Enabled users of the organisation (id, name)',
      data: z.array(SimpleOption),
    },
    listSimpleRoles: {
      method: 'GET',
      path: '/list-simple-roles',
      permission: P.ruleQuery,
      summary: 'Roles of the organisation (id, name)',
      data: z.array(SimpleOption),
    },
  },
);
