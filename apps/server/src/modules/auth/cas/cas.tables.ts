import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sysUser } from '../../system';

/** Scan identities (CAS binding): a device that may confirm QR-code logins for its user. */
export const sysScanIdentity = pgTable('sys_scan_identity', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => sysUser.id, { onDelete: 'cascade' }),
  deviceName: text('device_name').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});

/** A binding code shown by a signed-in browser (cas getQrcode), redeemed by the device (bindQrcode). */
export const sysCasBind = pgTable('sys_cas_bind', {
  codeHash: text('code_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => sysUser.id, { onDelete: 'cascade' }),
  identityId: integer('identity_id').references(() => sysScanIdentity.id, { onDelete: 'set null' }),
  status: text('status', { enum: ['waiting', 'bound'] })
    .notNull()
    .default('waiting'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
