import { eq, sql } from 'drizzle-orm';
import { createOtherOrg, createTestApp, createUserWithMenus, type TestApp } from '../../test/harness';
import { sysOrg } from '../system';
import { germLotTxn } from './ledger/ledger.tables';

/**
 * The setting the inventory API tests share: the demo organisation with its admin and breeder, a clerk
 * who may create but not approve documents, an administrator of a rival organisation, a germplasm
 * record and two boxes in a test store.
 */
export async function inventoryFixture(env: Record<string, string> = {}) {
  const api = '/api/germ/api';
  const t: TestApp = await createTestApp(env);
  const admin = await t.login('admin');
  const breeder = await t.login('breeder');

  await createOtherOrg(t.db, 'rival', [{ username: 'rival-admin', nickName: 'Rival', role: 'admin', crops: { maize: 'operate' } }]);
  const outsider = await t.login('rival-admin');
  const [org] = await t.db.select().from(sysOrg).where(eq(sysOrg.code, 'demo'));
  // Sees the documents, may not approve them.
  await createUserWithMenus(t.db, org.id, 'clerk', ['germ.inbound', 'germ.inbound.add', 'germ.outbound', 'germ.outbound.add']);
  await t.db.execute(
    sql`insert into sys_user_crop (user_id, crop_id, access) select u.id, c.id, 'operate' from sys_user u, sys_crop c where u.username = 'clerk' and c.org_id = ${org.id} and c.code = 'maize'`,
  );
  const clerk = await t.login('clerk');
  const germplasmId = (await t.call('POST', `${api}/germplasm/create`, { token: admin, body: { accessionNo: 'INV-1', name: 'Ledger line', type: 'inbred' } }))
    .body.data.id;
  const wh = await t.call('POST', `${api}/place/create`, { token: admin, body: { level: 'warehouse', code: 'T-WH', name: 'Test store' } });
  const shelf = await t.call('POST', `${api}/place/create`, { token: admin, body: { level: 'shelf', parentId: wh.body.data.id, code: 'T-WH-A', name: 'A' } });
  const box = (
    await t.call('POST', `${api}/place/create`, { token: admin, body: { level: 'box', parentId: shelf.body.data.id, code: 'T-WH-A-1', name: 'Box 1' } })
  ).body.data.id;
  const otherBox = (
    await t.call('POST', `${api}/place/create`, { token: admin, body: { level: 'box', parentId: shelf.body.data.id, code: 'T-WH-A-2', name: 'Box 2' } })
  ).body.data.id;

  const newLot = async (quantity: number, unit = 'g') =>
    (await t.call('POST', `${api}/lot/create`, { token: admin, body: { germplasmId, placeId: box, unit, quantity } })).body.data;
  const ledger = async (lotId: number) => t.db.select().from(germLotTxn).where(eq(germLotTxn.lotId, lotId));
  return { t, api, admin, breeder, outsider, clerk, germplasmId, box, otherBox, newLot, ledger };
}

/** The sum of ledger amounts, at the stored precision. */
export const sum = (rows: { amount: number }[]) => Math.round(rows.reduce((s, r) => s + Number(r.amount), 0) * 1000) / 1000;
