import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { LEAVE_STATUSES, LEAVE_TYPES } from '@breedwise/contracts/bpm';
import { sysOrg, sysUser } from '../../system';
import { bpmInstance } from '../runtime/runtime.tables';

/** A leave request (the workflow's reference business type `bpm_leave`); its status follows its process. */
export const bpmLeave = pgTable(
  'bpm_leave',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => sysOrg.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    type: text('type', { enum: LEAVE_TYPES }).notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    days: integer('days').notNull(),
    reason: text('reason').notNull(),
    remark: text('remark'),
    status: text('status', { enum: LEAVE_STATUSES }).notNull().default('running'),
    processInstanceId: integer('process_instance_id').references(() => bpmInstance.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bpm_leave_user_idx').on(t.orgId, t.userId)],
);
