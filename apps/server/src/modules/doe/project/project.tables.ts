import { date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sysUser } from '../../system';
import { cropColumn, orgColumns } from '../shared.tables';
import { doeTeam } from '../team/team.tables';

export const doeProject = pgTable(
  'doe_project',
  {
    id: serial('id').primaryKey(),
    cropId: cropColumn(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    teamId: integer('team_id').references(() => doeTeam.id, { onDelete: 'restrict' }),
    leaderId: integer('leader_id').references(() => sysUser.id, { onDelete: 'set null' }),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    description: text('description'),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    ...orgColumns(),
  },
  (t) => [uniqueIndex('doe_project_org_code_uq').on(t.orgId, t.code), index('doe_project_crop_idx').on(t.orgId, t.cropId, t.updatedAt)],
);

export const doeProjectMember = pgTable(
  'doe_project_member',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => doeProject.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['leader', 'member'] })
      .notNull()
      .default('member'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('doe_project_member_user_idx').on(t.userId)],
);
