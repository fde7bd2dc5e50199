import type { SpaceInfo } from '@breedwise/contracts/common';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { requireOrg } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { humanBytes, quotaBytes, usedBytes } from '../file/file.service';

/** Used and total storage of the caller's organisation; another organisation's id is not found. */
export async function spaceInfo(db: DbOrTx, ctx: RequestContext, orgIdAsked: number, defaultQuotaBytes: number): Promise<SpaceInfo> {
  const orgId = requireOrg(ctx);
  if (orgIdAsked !== orgId) throw notFound();
  const used = await usedBytes(db, orgId);
  const total = await quotaBytes(db, orgId, defaultQuotaBytes);
  return {
    orgId,
    usedBytes: used,
    totalBytes: total,
    used: humanBytes(used),
    total: humanBytes(total),
    percent: Math.min(100, Math.round((used / total) * 10_000) / 100),
  };
}
