import type { RoleGrants } from '../roles';

/** Permission strings of the germplasm and seed inventory module, checked on the server; roles grant them through menu entries. */
export const germPermissions = {
  germplasmList: 'germ:germplasm:list',
  germplasmQuery: 'germ:germplasm:query',
  germplasmAdd: 'germ:germplasm:add',
  germplasmEdit: 'germ:germplasm:edit',
  germplasmRemove: 'germ:germplasm:remove',
  germplasmImport: 'germ:germplasm:import',
  germplasmExport: 'germ:germplasm:export',
  traitEdit: 'germ:trait:edit',
  inventoryList: 'germ:inventory:list',
  inventoryEdit: 'germ:inventory:edit',
  placeEdit: 'germ:place:edit',
  labelPrint: 'germ:label:print',
  inboundList: 'germ:inbound:list',
  inboundAdd: 'germ:inbound:add',
  inboundApprove: 'germ:inbound:approve',
  outboundList: 'germ:outbound:list',
  outboundAdd: 'germ:outbound:add',
  outboundApprove: 'germ:outbound:approve',
  stocktakingList: 'germ:stocktaking:list',
  stocktakingAdd: 'germ:stocktaking:add',
  stocktakingApprove: 'germ:stocktaking:approve',
  scrapList: 'germ:scrap:list',
  scrapAdd: 'germ:scrap:add',
  scrapApprove: 'germ:scrap:approve',
  statisticsView: 'germ:statistics:view',
  /** The accession number series per crop (prefix and digits): administrators. */
  seriesEdit: 'germ:series:edit',
} as const;

const P = germPermissions;
const docs = (kind: 'inbound' | 'outbound' | 'stocktaking' | 'scrap') => [`germ:${kind}:list`, `germ:${kind}:add`] as const;

/** What the built-in roles receive of this module (docs/admin-guide.md lists them). */
export const germRoleGrants: RoleGrants = {
  clerk: [
    P.germplasmList,
    P.germplasmQuery,
    P.germplasmExport,
    P.inventoryList,
    P.inventoryEdit,
    P.placeEdit,
    P.labelPrint,
    ...docs('inbound'),
    ...docs('outbound'),
    ...docs('stocktaking'),
    ...docs('scrap'),
    P.statisticsView,
  ],
  approver: [
    P.germplasmList,
    P.germplasmQuery,
    P.inventoryList,
    P.inboundList,
    P.inboundApprove,
    P.outboundList,
    P.outboundApprove,
    P.stocktakingList,
    P.stocktakingApprove,
    P.scrapList,
    P.scrapApprove,
    P.statisticsView,
  ],
  breeder: [
    P.germplasmList,
    P.germplasmQuery,
    P.germplasmAdd,
    P.germplasmEdit,
    P.germplasmImport,
    P.germplasmExport,
    P.traitEdit,
    P.inventoryList,
    P.labelPrint,
    ...docs('outbound'),
    P.statisticsView,
  ],
  technician: [P.germplasmList, P.germplasmQuery, P.inventoryList, P.labelPrint],
};
