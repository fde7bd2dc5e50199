import { bigint, boolean, bigserial, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sysCrop, sysOrg, sysUser } from '../system/system.tables';

/** Server-side sessions. Only a SHA-256 of the token is stored, so a database leak yields no usable token. */
export const sysSession = pgTable('sys_session', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: integer('user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
  orgId: integer('org_id').references(() => sysOrg.id, { onDelete: 'set null' }),
  cropId: integer('crop_id').references(() => sysCrop.id, { onDelete: 'set null' }),
  locale: text('locale', { enum: ['zh-CN', 'en'] }).notNull().default('zh-CN'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  endReason: text('end_reason', { enum: ['logout', 'replaced', 'disabled', 'password', 'admin'] }),
}, (t) => [index('sys_session_user_idx').on(t.userId)]);

export const sysCaptcha = pgTable('sys_captcha', {
  uuid: uuid('uuid').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Every login attempt: feeds throttling per account and per address, and the login log. */
export const sysLoginAttempt = pgTable('sys_login_attempt', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  username: text('username').notNull(),
  ip: text('ip').notNull(),
  success: boolean('success').notNull(),
  reason: text('reason'),
  userAgent: text('user_agent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('sys_login_attempt_user_idx').on(t.username, t.createdAt),
  index('sys_login_attempt_ip_idx').on(t.ip, t.createdAt),
]);

/**
 * One-time codes sent by SMS (or e-mail): six digits, stored hashed, bound to one attempt id, valid
 * 10 minutes, at most 5 guesses, consumed on success.
 */
export const sysVerifyCode = pgTable('sys_verify_code', {
  id: uuid('id').primaryKey().defaultRandom(),
  purpose: text('purpose', { enum: ['login', 'reset', 'bind'] }).notNull(),
  channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
  target: text('target').notNull(),
  userId: integer('user_id').references(() => sysUser.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  guesses: smallint('guesses').notNull().default(0),
  ip: text('ip'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('sys_verify_code_target_idx').on(t.target, t.createdAt),
  index('sys_verify_code_ip_idx').on(t.ip, t.createdAt),
]);

/** A user's authenticator (TOTP). enabled_at is null while enrolment waits for the first code. */
export const sysUserTotp = pgTable('sys_user_totp', {
  userId: integer('user_id').primaryKey().references(() => sysUser.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last accepted time step: a code is never accepted twice. */
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sysRecoveryCode = pgTable('sys_recovery_code', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
}, (t) => [index('sys_recovery_code_user_idx').on(t.userId)]);

/** The second login step of a user with an authenticator: the first step's outcome, for 5 minutes. */
export const sysLoginChallenge = pgTable('sys_login_challenge', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: integer('user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
  method: text('method').notNull(),
  context: jsonb('context').$type<{ ip: string; userAgent?: string; preferredCropId?: number; locale: 'zh-CN' | 'en' }>().notNull(),
  guesses: smallint('guesses').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});

/** Password reset links sent by e-mail: the key is stored hashed, valid 30 minutes, single use. */
export const sysPasswordReset = pgTable('sys_password_reset', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
  keyHash: text('key_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** QR-code login: the desktop polls with its secret; a signed-in phone (or bound device) confirms. */
export const sysQrLogin = pgTable('sys_qr_login', {
  id: uuid('id').primaryKey().defaultRandom(),
  pollSecretHash: text('poll_secret_hash').notNull(),
  status: text('status', { enum: ['waiting', 'scanned', 'confirmed', 'cancelled', 'consumed'] }).notNull().default('waiting'),
  userId: integer('user_id').references(() => sysUser.id, { onDelete: 'cascade' }),
  ip: text('ip'),
  userAgent: text('user_agent'),
  locale: text('locale', { enum: ['zh-CN', 'en'] }).notNull().default('zh-CN'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Scan identities (CAS binding): a device that may confirm QR-code logins for its user. */
export const sysScanIdentity = pgTable('sys_scan_identity', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
  deviceName: text('device_name').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});

/** A binding code shown by a signed-in browser (cas getQrcode), redeemed by the device (bindQrcode). */
export const sysCasBind = pgTable('sys_cas_bind', {
  codeHash: text('code_hash').primaryKey(),
  userId: integer('user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
  identityId: integer('identity_id').references(() => sysScanIdentity.id, { onDelete: 'set null' }),
  status: text('status', { enum: ['waiting', 'bound'] }).notNull().default('waiting'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
