import { z } from 'zod';
import { PageQuery } from '../query';
import { EnableStatus, MemberInput, codeText, optionalDate, optionalId, optionalText, requiredText } from './shared';

/** A breeding project of the current crop; experiments and planting lists belong to one. */
export const ProjectFields = z.object({
  name: requiredText(100),
  code: codeText(50),
  teamId: optionalId,
  leaderId: optionalId,
  startDate: optionalDate,
  endDate: optionalDate,
  description: optionalText(1000),
});

function datesOrdered(v: { startDate: string | null; endDate: string | null }, ctx: z.RefinementCtx) {
  if (v.startDate && v.endDate && v.endDate < v.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'end before start', params: { errorCode: 'DOE_DATE_ORDER', from: v.startDate, to: v.endDate } });
  }
}

export const ProjectCreate = ProjectFields.extend({ members: z.array(MemberInput).max(500).default([]) }).superRefine(datesOrdered);
export type ProjectCreate = z.input<typeof ProjectCreate>;
export type ProjectInput = z.output<typeof ProjectCreate>;

export const ProjectUpdate = ProjectFields.extend({ id: z.number().int().positive() }).superRefine(datesOrdered);
export type ProjectUpdate = z.input<typeof ProjectUpdate>;

export const ProjectRow = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  teamId: z.number().int().nullable(),
  teamName: z.string().nullable(),
  leaderId: z.number().int().nullable(),
  leaderName: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  description: z.string().nullable(),
  status: EnableStatus,
  memberCount: z.number().int(),
  experimentCount: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectRow = z.infer<typeof ProjectRow>;

export const ProjectPageQuery = PageQuery.extend({
  status: EnableStatus.optional(),
  teamId: z.coerce.number().int().positive().optional(),
  /** Only projects the caller leads or is a member of. */
  mine: z.enum(['true', 'false']).optional(),
});
export type ProjectPageQuery = z.input<typeof ProjectPageQuery>;

/** The project selector: enabled projects of the current crop, the caller's first. */
export const ProjectOption = z.object({ id: z.number().int(), name: z.string(), code: z.string(), mine: z.boolean() });
export type ProjectOption = z.infer<typeof ProjectOption>;
