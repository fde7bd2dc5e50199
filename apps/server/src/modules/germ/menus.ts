import type { MenuContribution } from '../../platform/module';
import { page, button } from '../../platform/menu-seed';

/** The germplasm group (spec section 2). */
export const germMenus: MenuContribution[] = [
  {
    order: 20,
    entries: [
      {
        key: 'germ',
        zh: '种质资源',
        en: 'Germplasm',
        path: '/germ',
        type: 'M',
        icon: 'ExperimentOutlined',
        forUser: true,
        children: [
          page('germ.germplasm', '种质库', 'Germplasm', '/germ/germplasm', 'germ:germplasm:list', {
            children: [
              button('germ.germplasm.query', '种质查看', 'View germplasm', 'germ:germplasm:query'),
              button('germ.germplasm.add', '种质登记', 'Register germplasm', 'germ:germplasm:add'),
              button('germ.germplasm.edit', '种质修改', 'Edit germplasm', 'germ:germplasm:edit'),
              button('germ.germplasm.remove', '种质删除', 'Delete germplasm', 'germ:germplasm:remove', false),
              button('germ.germplasm.import', '种质导入', 'Import germplasm', 'germ:germplasm:import'),
              button('germ.germplasm.export', '种质导出', 'Export germplasm', 'germ:germplasm:export'),
              button('germ.trait.edit', '性状维护', 'Edit trait descriptors', 'germ:trait:edit', false),
            ],
          }),
          page('germ.inventory', '库存', 'Seed inventory', '/germ/inventory', 'germ:inventory:list', {
            children: [
              button('germ.inventory.edit', '库存操作', 'Operate seed lots', 'germ:inventory:edit'),
              button('germ.place.edit', '库位维护', 'Edit storage places', 'germ:place:edit', false),
              button('germ.label.print', '标签打印', 'Print labels', 'germ:label:print'),
            ],
          }),
          page('germ.inbound', '入库', 'Inbound', '/germ/inbound', 'germ:inbound:list', {
            children: [
              button('germ.inbound.add', '入库申请', 'Create inbound documents', 'germ:inbound:add'),
              button('germ.inbound.approve', '入库审核', 'Approve inbound documents', 'germ:inbound:approve', false),
            ],
          }),
          page('germ.outbound', '出库', 'Outbound', '/germ/outbound', 'germ:outbound:list', {
            children: [
              button('germ.outbound.add', '出库申请', 'Create outbound documents', 'germ:outbound:add'),
              button('germ.outbound.approve', '出库审核', 'Approve outbound documents', 'germ:outbound:approve', false),
            ],
          }),
          page('germ.stocktaking', '盘点', 'Stocktaking', '/germ/stocktaking', 'germ:stocktaking:list', {
            children: [
              button('germ.stocktaking.add', '盘点录入', 'Create stocktakings', 'germ:stocktaking:add'),
              button('germ.stocktaking.approve', '盘点审核', 'Approve stocktakings', 'germ:stocktaking:approve', false),
            ],
          }),
          page('germ.scrap', '报废', 'Scrap', '/germ/scrap', 'germ:scrap:list', {
            children: [
              button('germ.scrap.add', '报废申请', 'Create scrap documents', 'germ:scrap:add'),
              button('germ.scrap.approve', '报废审核', 'Approve scrap documents', 'germ:scrap:approve', false),
            ],
          }),
          page('germ.statistics', '统计', 'Statistics', '/germ/statistics', 'germ:statistics:view'),
          page('germ.series', '种质编号规则', 'Accession series', '/germ/series', 'germ:series:edit', { forUser: false, icon: 'NumberOutlined' }),
        ],
      },
    ],
  },
];
