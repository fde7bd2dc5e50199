import { z } from 'zod';
import { PageQuery } from '../query';
import { EnableStatus, MemberInput, optionalId, optionalText, requiredText } from './shared';

/** A breeding team: people working together on projects (spec section 1). */
export const TeamFields = z.object({
  name: requiredText(100),
  leaderId: optionalId,
  description: optionalText(500),
});

export const TeamCreate = TeamFields.extend({
  /** Members at creation; the leader is added as a leader member. */
  members: z.array(MemberInput).max(500).default([]),
});
export type TeamCreate = z.input<typeof TeamCreate>;
export type TeamInput = z.output<typeof TeamCreate>;

export const TeamUpdate = TeamFields.extend({ id: z.number().int().positive() });
export type TeamUpdate = z.input<typeof TeamUpdate>;

export const TeamRow = z.object({
  id: z.number().int(),
  name: z.string(),
  leaderId: z.number().int().nullable(),
  leaderName: z.string().nullable(),
  description: z.string().nullable(),
  status: EnableStatus,
  memberCount: z.number().int(),
  projectCount: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TeamRow = z.infer<typeof TeamRow>;

export const TeamPageQuery = PageQuery.extend({ status: EnableStatus.optional() });
export type TeamPageQuery = z.input<typeof TeamPageQuery>;

/** Replaces the member list of a team or a project in one step. */
export const MembersUpdate = z.object({
  id: z.number().int().positive(),
  members: z.array(MemberInput).max(500),
});
export type MembersUpdate = z.input<typeof MembersUpdate>;
