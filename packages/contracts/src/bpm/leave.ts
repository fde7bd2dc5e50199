import { z } from 'zod';
import { PageQuery } from '../query';
import { listSpec, resource } from '../http/endpoint';
import { optionalText, requiredText } from '../doe/shared';
import { bpmPermissions as P } from './permissions';
import { IdQuery } from './model';
import { InstanceStatus } from './runtime';

/** Leave requests: the reference business type of the workflow (issue 15 item 7). */
export const LEAVE_TYPES = ['annual', 'sick', 'personal', 'field'] as const;
export const LeaveType = z.enum(LEAVE_TYPES);
export type LeaveType = z.infer<typeof LeaveType>;
export const LEAVE_STATUSES = ['running', 'approved', 'rejected', 'cancelled'] as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const LeaveCreate = z
  .object({
    type: LeaveType,
    startDate: day,
    endDate: day,
    reason: requiredText(500),
    remark: optionalText(500),
  })
  .superRefine((v, ctx) => {
    if (v.endDate < v.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'the end is before the start', params: { errorCode: 'BPM_LEAVE_DATES' } });
  });
export type LeaveCreate = z.input<typeof LeaveCreate>;

export const LeaveRow = z.object({
  id: z.number().int(),
  type: LeaveType,
  startDate: z.string(),
  endDate: z.string(),
  /** Calendar days, both ends counted: the `days` variable of the leave process. */
  days: z.number().int(),
  reason: z.string(),
  remark: z.string().nullable(),
  status: InstanceStatus,
  processInstanceId: z.number().int().nullable(),
  userId: z.number().int(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type LeaveRow = z.infer<typeof LeaveRow>;
export const LeavePageQuery = PageQuery.extend({ status: InstanceStatus.optional() });
export const leaveList = listSpec({ filters: {}, sortable: ['startDate', 'createdAt'] });

export const leave = resource(
  { tag: 'bpm: leave requests', base: '/oa/leave' },
  {
    create: {
      method: 'POST',
      path: '/create',
      permission: P.instanceCreate,
      summary: 'Requests leave: the request and its process start together',
      body: LeaveCreate,
      data: LeaveRow,
    },
    get: { method: 'GET', path: '/get', permission: P.instanceQuery, summary: 'One of the caller’s leave requests', query: IdQuery, data: LeaveRow },
    page: {
      method: 'GET',
      path: '/page',
      permission: P.instanceQuery,
      summary: 'The caller’s leave requests',
      query: LeavePageQuery,
      page: LeaveRow,
      list: leaveList,
    },
  },
);
