import { z } from 'zod';
import { IdParam } from '../envelope';
import { resource } from '../http/endpoint';
import { systemPermissions as P } from './permissions';
import { Status } from './shared';

export interface DeptNode {
  id: number;
  parentId: number | null;
  name: string;
  sort: number;
  status: 'enabled' | 'disabled';
  /** The department's leader (a member of the organisation): the approver of the "department leader" assignment rule. */
  leaderUserId: number | null;
  leaderName: string | null;
  children: DeptNode[];
}
export const DeptNode: z.ZodType<DeptNode> = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  sort: z.number().int(),
  status: z.enum(['enabled', 'disabled']),
  leaderUserId: z.number().int().nullable(),
  leaderName: z.string().nullable(),
  get children() {
    return z.array(DeptNode);
  },
});

export const DeptCreate = z.object({
  parentId: z.number().int().positive().nullable().default(null),
  name: z.string().trim().min(1).max(50),
  sort: z.number().int().min(0).max(9999).default(0),
  status: Status.default('enabled'),
  leaderUserId: z.number().int().positive().nullable().default(null),
});
export type DeptCreate = z.input<typeof DeptCreate>;
export const DeptUpdate = DeptCreate.extend({ id: z.number().int().positive() });
export type DeptUpdate = z.input<typeof DeptUpdate>;

/** The departments of the current organisation, as a tree. */
export const dept = resource(
  { tag: 'system: departments and crops', base: '/dept' },
  {
    tree: { method: 'GET', path: '/tree', permission: P.deptList, summary: 'Departments of the organisation', data: z.array(DeptNode) },
    create: { method: 'POST', path: '/create', permission: P.deptEdit, summary: 'Adds a department', body: DeptCreate, data: DeptNode },
    update: { method: 'PUT', path: '/update', permission: P.deptEdit, summary: 'Updates a department', body: DeptUpdate, data: z.null() },
    remove: { method: 'DELETE', path: '/:id', permission: P.deptEdit, summary: 'Deletes an empty department', params: IdParam, data: z.null() },
  },
);
