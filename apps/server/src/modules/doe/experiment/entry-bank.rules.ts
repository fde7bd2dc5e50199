import { and, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { inCrop } from '../../../platform/tenant';
import { germGermplasm } from '../../germ/germplasm/germplasm.tables';
import { refusal } from '../shared';

export type BankGermplasm = typeof germGermplasm.$inferSelect;

/**
 * The bank's accessions behind entries, read in the caller's crop (another crop's or organisation's are
 * simply not found): refuses the first id that is not there, naming its field.
 */
export async function requireBankGermplasm(
  tx: Tx,
  ctx: RequestContext,
  ids: (number | null)[],
  fieldOf: (index: number) => string,
): Promise<Map<number, BankGermplasm>> {
  const wanted = [...new Set(ids.filter((v): v is number => v !== null))];
  const found = new Map<number, BankGermplasm>();
  for (let i = 0; i < wanted.length; i += 1000) {
    const rows = await tx
      .select()
      .from(germGermplasm)
      .where(and(inCrop(germGermplasm, ctx), inArray(germGermplasm.id, wanted.slice(i, i + 1000))));
    rows.forEach((r) => found.set(r.id, r));
  }
  const missing = ids.findIndex((v) => v !== null && !found.has(v));
  if (missing >= 0) throw refusal(400, 'DOE_BANK_GERMPLASM_NOT_FOUND', { id: ids[missing] }, ctx.locale, fieldOf(missing));
  return found;
}
