import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { taskContext } from '../modules/common/io/resource-io';
import { existingCodes } from '../modules/doe/location/location.service';
import { existingAccessions } from '../modules/germ/germplasm/germplasm.service';

/**
 * Imports check up to 100,000 rows against the database at once; a statement holds at most 65,535
 * parameters, so the checks go in slices (a 100,000-row germplasm import failed on every attempt).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('import checks over 65,535 values', () => {
  it('find the existing location codes and accession numbers among 66,000', async () => {
    const [{ org, crop, admin }] = await t.database.query<{ org: number; crop: number; admin: number }>(
      `select o.id as org, c.id as crop, u.id as admin from sys_org o join sys_crop c on c.org_id = o.id and c.code = 'maize' join sys_user u on u.username = 'admin' where o.code = 'demo'`,
    );
    const ctx = taskContext({ orgId: org, createdBy: admin }, 'en', crop);
    const token = await t.login('admin');
    await t.call('POST', '/api/doe/api/location/create', { token, body: { name: 'Sliced', code: 'SLICE-65999' } });
    await t.call('POST', '/api/germ/api/germplasm/create', { token, body: { accessionNo: 'SLICE-65998', name: 'Sliced', type: 'inbred' } });
    const many = Array.from({ length: 66_000 }, (_, i) => `SLICE-${i}`);
    expect([...(await existingCodes(t.db, ctx, many))]).toEqual(['SLICE-65999']);
    expect([...(await existingAccessions(t.db, ctx, many)).keys()]).toEqual(['SLICE-65998']);
  });
});
