import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness';
import { inventoryFixture } from '../../testing';

let t: TestApp, api: string, admin: string, breeder: string, box: number;
beforeAll(async () => {
  ({ t, api, admin, breeder, box } = await inventoryFixture());
});
afterAll(() => t.close());

describe('storage places', () => {
  it('nests warehouse > shelf > box and refuses other nestings', async () => {
    const places = await t.call('GET', `${api}/place/list`, { token: breeder });
    expect(places.body.data.find((p: { id: number }) => p.id === box).path).toBe('Test store / A / Box 1');
    const bad = await t.call('POST', `${api}/place/create`, {
      token: admin,
      body: { level: 'box', parentId: box, code: 'T-X', name: 'X' },
      headers: { 'accept-language': 'en' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('A box must be inside a shelf');
  });
});
