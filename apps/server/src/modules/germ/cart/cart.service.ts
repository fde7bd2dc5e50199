import { and, asc, eq, sql } from 'drizzle-orm';
import type { CartRow, DocDetail } from '@breedwise/contracts/germ';
import type { DbOrTx } from '../../../db/client';
import { requireCropWrite, requireOrg, type RequestContext } from '../../../platform/context';
import { AppError, notFound } from '../../../platform/errors';
import { inCrop } from '../../../platform/tenant';
import type { AuditSource } from '../../audit';
import { createDocIn, getDoc, transitionDoc } from '../document/document.service';
import { germGermplasm } from '../germplasm/germplasm.tables';
import { insufficient } from '../ledger/ledger.service';
import { germLot } from '../lot/lot.tables';
import { placeIndex } from '../place/place.service';
import { q3 } from '../scope';
import { germCart } from './cart.tables';

const C = germCart;
const mine = (ctx: RequestContext) => and(eq(C.userId, ctx.userId), eq(C.orgId, requireOrg(ctx)), eq(C.cropId, ctx.cropId ?? -1));

export async function listCart(db: DbOrTx, ctx: RequestContext): Promise<CartRow[]> {
  const rows = await db
    .select({
      lotId: C.lotId,
      lotNo: germLot.lotNo,
      germplasmId: germLot.germplasmId,
      accessionNo: germGermplasm.accessionNo,
      germplasmName: germGermplasm.name,
      placeId: germLot.placeId,
      unit: germLot.unit,
      available: germLot.quantity,
      quantity: C.quantity,
      addedAt: C.addedAt,
    })
    .from(C)
    .innerJoin(germLot, eq(germLot.id, C.lotId))
    .innerJoin(germGermplasm, eq(germGermplasm.id, germLot.germplasmId))
    .where(mine(ctx))
    .orderBy(asc(C.addedAt), asc(C.lotId));
  const places = await placeIndex(db, ctx);
  return rows.map(({ placeId, ...r }) => ({
    ...r,
    placePath: places.get(placeId)?.path ?? '',
    available: q3(r.available),
    quantity: q3(r.quantity),
    addedAt: r.addedAt.toISOString(),
  }));
}

/** Puts lots in the caller's cart (a lot already there takes the new quantity). */
export async function addToCart(db: DbOrTx, ctx: RequestContext, items: { lotId: number; quantity: number }[]): Promise<CartRow[]> {
  const cropId = requireCropWrite(ctx);
  await db.transaction(async (tx) => {
    for (const item of items) {
      const [lot] = await tx
        .select()
        .from(germLot)
        .where(and(inCrop(germLot, ctx), eq(germLot.id, item.lotId)));
      if (!lot) throw notFound();
      if (item.quantity > lot.quantity) throw insufficient(ctx, lot, item.quantity);
      await tx
        .insert(C)
        .values({ userId: ctx.userId, orgId: requireOrg(ctx), cropId, lotId: lot.id, quantity: item.quantity })
        .onConflictDoUpdate({ target: [C.userId, C.orgId, C.lotId], set: { quantity: sql`excluded.quantity` } });
    }
  });
  return listCart(db, ctx);
}

export async function removeFromCart(db: DbOrTx, ctx: RequestContext, lotId: number | null): Promise<CartRow[]> {
  await db.delete(C).where(and(mine(ctx), lotId === null ? undefined : eq(C.lotId, lotId)));
  return listCart(db, ctx);
}

/** Turns the cart into an outbound draft (submitted at once when asked) and empties it. */
export async function checkoutCart(
  db: DbOrTx,
  ctx: RequestContext,
  src: AuditSource,
  input: { title: string | null; recipient: string | null; purpose: string | null; remark: string | null; submit: boolean },
): Promise<DocDetail> {
  requireCropWrite(ctx);
  return db.transaction(async (tx) => {
    const items = await tx.select({ lotId: C.lotId, quantity: C.quantity }).from(C).where(mine(ctx)).orderBy(asc(C.addedAt), asc(C.lotId));
    if (!items.length) throw new AppError(400, 'GERM_CART_EMPTY');
    const docId = await createDocIn(tx, ctx, 'outbound', {
      title: input.title,
      remark: input.remark,
      recipient: input.recipient,
      purpose: input.purpose,
      lines: items.map((i) => ({ lotId: i.lotId, quantity: q3(i.quantity), remark: null })),
    });
    await tx.delete(C).where(mine(ctx));
    // One business operation: a refused submission keeps the cart as it was.
    return input.submit ? transitionDoc(tx, ctx, src, 'outbound', docId, 'submit', null) : getDoc(tx, ctx, 'outbound', docId);
  });
}
