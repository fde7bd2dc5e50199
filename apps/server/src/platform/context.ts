import type { Locale } from '@breedwise/contracts';
import { hasPermission } from '@breedwise/contracts';
import { AppError, forbidden } from './errors';

/** Who is calling, in which organisation and crop, with which rights. Built once per request. */
export interface RequestContext {
  sessionId: string;
  userId: number;
  username: string;
  orgId: number | null;
  cropId: number | null;
  cropAccess: 'view' | 'operate' | null;
  roles: string[];
  permissions: string[];
  /** Manages what all organisations share (menus, dictionaries, apps, brands, licences). */
  platformAdmin: boolean;
  /** The password was set by an administrator: only the endpoints marked `beforePasswordChange` answer. */
  passwordChangeRequired?: boolean;
  locale: Locale;
  ip: string;
  /** The authorisation version the session was checked under (sys_auth_version): keys of caches of rights. */
  authVersion?: number;
}

export function can(ctx: RequestContext, permission: string): boolean {
  return hasPermission(ctx.permissions, permission);
}

export function requirePermission(ctx: RequestContext, permission: string): void {
  if (!can(ctx, permission)) throw forbidden(permission);
}

/** Business rows live in an organisation: a session without one cannot touch them. */
export function requireOrg(ctx: RequestContext): number {
  if (ctx.orgId === null) throw new AppError(403, 'ORG_NOT_MEMBER');
  return ctx.orgId;
}

/** Crop-scoped rows need a current crop; without one the caller sees nothing of them. */
export function requireCrop(ctx: RequestContext): number {
  requireOrg(ctx);
  if (ctx.cropId === null) throw new AppError(403, 'CROP_NOT_ALLOWED');
  return ctx.cropId;
}

/** Writes to crop-scoped data need operate access to the current crop (spec section 6). */
export function requireCropWrite(ctx: RequestContext): number {
  if (ctx.cropId === null) throw new AppError(403, 'CROP_NOT_ALLOWED');
  if (ctx.cropAccess !== 'operate') throw new AppError(403, 'CROP_READ_ONLY');
  return ctx.cropId;
}
