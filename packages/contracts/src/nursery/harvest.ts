import { z } from 'zod';
import { LotUnit } from '../germ/inventory';
import { listSpec, resource } from '../http/endpoint';
import { PageQuery } from '../query';
import { nurseryPermissions as P } from './permissions';
import { HarvestType, Ids, optionalText } from './shared';

/** Harvests successful pollinations: each becomes a germplasm record and a seed lot, in one transaction. */
export const HarvestCreate = z.object({
  activityId: z.number().int().positive(),
  pollinationIds: Ids,
  harvestType: HarvestType,
  placeId: z.number().int().positive(),
  unit: LotUnit,
  quantity: z.number().positive().max(1_000_000_000),
  remark: optionalText(200),
});
export type HarvestCreate = z.input<typeof HarvestCreate>;

export const HarvestRow = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  pollinationId: z.number().int(),
  pollinationCode: z.string(),
  pollinationType: z.string(),
  harvestNumber: z.string(),
  harvestType: HarvestType,
  germplasmId: z.number().int(),
  accessionNo: z.string(),
  name: z.string(),
  pedigree: z.string().nullable(),
  generation: z.string().nullable(),
  lotId: z.number().int(),
  lotNo: z.string(),
  quantity: z.number(),
  unit: LotUnit,
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type HarvestRow = z.infer<typeof HarvestRow>;

export const harvestList = listSpec({
  filters: { harvestNumber: { type: 'text' }, name: { type: 'text' }, generation: { type: 'text' }, harvestType: { type: 'select' } },
  sortable: ['harvestNumber', 'name', 'createdAt'],
});

export const HarvestPageQuery = PageQuery.extend({ activityId: z.coerce.number().int().positive() });
export type HarvestPageQuery = z.input<typeof HarvestPageQuery>;

export const HarvestResult = z.object({ harvested: z.number().int(), lotIds: z.array(z.number().int()) });

export const harvest = resource(
  { tag: 'nursery: harvests', base: '/api/harvest' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.harvestList,
      summary: "A nursery's harvests with their seed lots",
      query: HarvestPageQuery,
      page: HarvestRow,
      list: harvestList,
    },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.harvestAdd,
      summary:
        'Harvests finished successful pollinations: each becomes a germplasm record (pedigree, generation, parents) and a seed lot with its ledger entry, all in one transaction',
      body: HarvestCreate,
      data: HarvestResult,
    },
  },
);
