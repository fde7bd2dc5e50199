import { index, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DhAttribute } from '@breedwise/contracts/nursery';
import { audit, crop, org } from '../columns';

/** A DH flow template: the attributes recorded along a double-haploid pipeline (formulas kept as text, evaluated by @breedwise/expr). */
export const nurseryDhFlow = pgTable(
  'nursery_dh_flow',
  {
    id: serial('id').primaryKey(),
    orgId: org(),
    cropId: crop(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    remark: text('remark'),
    attributes: jsonb('attributes').$type<DhAttribute[]>().notNull().default([]),
    ...audit(),
  },
  (t) => [uniqueIndex('nursery_dh_flow_code_uq').on(t.orgId, t.cropId, t.code), index('nursery_dh_flow_updated_idx').on(t.orgId, t.cropId, t.updatedAt)],
);
