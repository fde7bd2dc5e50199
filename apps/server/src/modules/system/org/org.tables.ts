import { jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Per-organisation policies; every key optional so that new policies need no migration. */
export interface OrgSettings {
  passwordExpiryDays?: number;
  singleSession?: boolean;
  /** Storage quota of the organisation in bytes; absent: the installation default (BW_ORG_QUOTA_GB). */
  storageQuotaBytes?: number;
  registration?: 'off' | 'open' | 'approval';
}

export const sysOrg = pgTable('sys_org', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  settings: jsonb('settings').$type<OrgSettings>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
