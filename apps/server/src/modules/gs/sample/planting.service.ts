import { GENERATION_PATTERN, GermListCreate, doePermissions } from '@breedwise/contracts/doe';
import type { CandidatesToPlanting } from '@breedwise/contracts/gs';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { requirePermission, type RequestContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { translateError } from '../../../platform/i18n';
import { createGermList } from '../../doe';
import { existingAccessions } from '../../germ';
import { listCandidates } from './sample.service';

/**
 * Sends a prediction's candidates to a new DOE planting list: one entry per candidate in index order, its
 * germplasm found by accession number (= the sample code) in the current crop. Candidates without a
 * germplasm record refuse the whole request, naming them. The list is created by the DOE module's own
 * service (its rules: unique name, usable project, entry checks) in one transaction.
 */
export async function sendToPlantingList(db: Db, ctx: RequestContext, body: z.output<typeof CandidatesToPlanting>) {
  requirePermission(ctx, doePermissions.germListAdd);
  if (ctx.cropId === null) throw new AppError(400, 'GS_CROP_REQUIRED');
  const generation = body.generation.toUpperCase();
  if (!GENERATION_PATTERN.test(generation)) {
    const params = { value: body.generation };
    throw new AppError(400, 'DOE_GENERATION_INVALID', params, {
      errors: [{ field: 'generation', rule: 'pattern', message: translateError('DOE_GENERATION_INVALID', ctx.locale, params) }],
    });
  }
  const candidates = await listCandidates(db, ctx, body.predictId);
  if (!candidates.length) throw new AppError(400, 'GS_CANDIDATES_EMPTY');
  const germplasm = await existingAccessions(
    db,
    ctx,
    candidates.map((c) => c.sampleId),
  );
  const missing = candidates.filter((c) => !germplasm.has(c.sampleId)).map((c) => c.sampleId);
  if (missing.length) {
    const shown = missing.slice(0, 20).join(', ') + (missing.length > 20 ? ` … (${missing.length})` : '');
    throw new AppError(400, 'GS_CANDIDATES_NO_GERMPLASM', { codes: shown });
  }
  const input = GermListCreate.parse({
    name: body.listName,
    type: body.listType,
    year: body.year ?? null,
    season: body.season ?? null,
    usage: null,
    remark: null,
    entries: candidates.map((c, i) => ({
      entryId: i + 1,
      materialName: germplasm.get(c.sampleId)!.name,
      generation,
      remark: `GS ${c.method} ${c.index.toFixed(4)} (${c.sampleId})`,
    })),
  });
  const list = await db.transaction((tx) => createGermList(tx, ctx, input));
  return { listId: list.id, listName: list.name, entries: candidates.length };
}
