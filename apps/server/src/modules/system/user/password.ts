import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { fieldName, type Locale } from '@breedwise/contracts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@breedwise/contracts/system';
import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../../platform/errors';
import { translateError } from '../../../platform/i18n';
import { hashPassword } from '../../../platform/password';
import { endUserSessions, type EndReason } from '../session/session.service';
import { sysUser } from './user.tables';

/**
 * The 3,000 most common passwords (the head of zxcvbn 4.4.2's frequency list, MIT), compared
 * case-insensitively. ASVS 6.2.4 / NIST 800-63B: refuse known-breached and common passwords
 * instead of imposing composition rules.
 */
// The list sits beside this file. drizzle-kit loads the module (through its index, for the tables) as
// CommonJS, where import.meta is empty and __dirname is the folder.
const here = import.meta.dirname ?? __dirname;
const common = new Set(
  fs
    .readFileSync(path.join(here, 'common-passwords.txt'), 'utf8')
    .split('\n')
    .map((l) => l.trim().toLowerCase())
    .filter(Boolean),
);

export const COMMON_PASSWORD_COUNT = common.size;

export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}

/** The password rules of security.md item 1; the field name lets the form mark the right input. */
export function assertPasswordAllowed(password: string, locale: Locale, field = 'password'): void {
  // Lengths are checked by the contract as well; this guards callers that bypass it.
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    throw new AppError(400, 'VALIDATION_FAILED', { detail: `${field}: ${PASSWORD_MIN_LENGTH}-${PASSWORD_MAX_LENGTH}` });
  }
  if (isCommonPassword(password)) {
    const message = `${fieldName(field, locale)}: ${translateError('SYS_PASSWORD_TOO_COMMON', locale)}`;
    throw new AppError(400, 'SYS_PASSWORD_TOO_COMMON', {}, { errors: [{ field, rule: 'common', message }] });
  }
}

/**
 * Sets a new password and ends the user's sessions (all of them, or all but the caller's own). A password
 * the user chose clears the first-login change; one an administrator set (`byAdministrator`) requires it.
 */
export async function setPassword(
  db: DbOrTx,
  userId: number,
  password: string,
  reason: EndReason,
  keepSessionId?: string,
  byAdministrator = false,
): Promise<void> {
  await db
    .update(sysUser)
    .set({ passwordHash: await hashPassword(password), passwordChangedAt: new Date(), passwordChangeRequired: byAdministrator, updatedAt: new Date() })
    .where(eq(sysUser.id, userId));
  await endUserSessions(db, userId, reason, keepSessionId);
}
