import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sysUser } from '../../system';
import { orgColumns } from '../shared.tables';

export const doeTeam = pgTable(
  'doe_team',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    leaderId: integer('leader_id').references(() => sysUser.id, { onDelete: 'set null' }),
    description: text('description'),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    ...orgColumns(),
  },
  (t) => [uniqueIndex('doe_team_org_name_uq').on(t.orgId, t.name), index('doe_team_org_updated_idx').on(t.orgId, t.updatedAt)],
);

export const doeTeamMember = pgTable(
  'doe_team_member',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => doeTeam.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['leader', 'member'] })
      .notNull()
      .default('member'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('doe_team_member_user_idx').on(t.userId)],
);
