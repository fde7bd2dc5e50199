import type { MenuContribution } from '../../platform/module';
import { page, button } from '../../platform/menu-seed';

/** The trial design (DOE) group (spec section 2). */
export const doeMenus: MenuContribution[] = [
  {
    order: 30,
    entries: [
      {
        key: 'doe',
        zh: '试验设计',
        en: 'Trial design',
        path: '/doe',
        type: 'M',
        icon: 'ProjectOutlined',
        forUser: true,
        children: [
          page('doe.team', '团队', 'Teams', '/doe/team', 'doe:team:list', {
            children: [
              button('doe.team.add', '团队新增', 'Add team', 'doe:team:add'),
              button('doe.team.edit', '团队修改', 'Edit team', 'doe:team:edit'),
              button('doe.team.remove', '团队删除', 'Delete team', 'doe:team:remove', false),
            ],
          }),
          page('doe.project', '项目', 'Projects', '/doe/project', 'doe:project:list', {
            children: [
              button('doe.project.add', '项目新增', 'Add project', 'doe:project:add'),
              button('doe.project.edit', '项目修改', 'Edit project', 'doe:project:edit'),
              button('doe.project.remove', '项目删除', 'Delete project', 'doe:project:remove', false),
            ],
          }),
          page('doe.location', '试验地点', 'Locations', '/doe/exp/location', 'doe:location:list', {
            icon: 'EnvironmentOutlined',
            children: [
              button('doe.location.query', '地点查询', 'View location', 'doe:location:query'),
              button('doe.location.add', '地点新增', 'Add location', 'doe:location:add'),
              button('doe.location.edit', '地点修改', 'Edit location', 'doe:location:edit'),
              button('doe.location.remove', '地点删除', 'Delete location', 'doe:location:remove', false),
              button('doe.location.import', '地点导入', 'Import locations', 'doe:location:import'),
              button('doe.location.export', '地点导出', 'Export locations', 'doe:location:export'),
              button('doe.field.list', '田块查询', 'View fields', 'doe:field:list'),
              button('doe.field.add', '田块新增', 'Add field', 'doe:field:add'),
              button('doe.field.edit', '田块修改', 'Edit field', 'doe:field:edit'),
              button('doe.field.remove', '田块删除', 'Delete field', 'doe:field:remove', false),
            ],
          }),
          page('doe.design', '试验设计', 'Experiments', '/doe/exp/design', 'doe:experiment:list', {
            children: [
              button('doe.experiment.query', '试验查询', 'View experiment', 'doe:experiment:query'),
              button('doe.experiment.add', '试验新增', 'Add experiment', 'doe:experiment:add'),
              button('doe.experiment.edit', '试验修改', 'Edit experiment', 'doe:experiment:edit'),
              button('doe.experiment.remove', '试验删除', 'Delete experiment', 'doe:experiment:remove', false),
              button('doe.experiment.design', '试验设计布局', 'Design layout', 'doe:experiment:design'),
              button('doe.experiment.status', '试验状态变更', 'Change experiment state', 'doe:experiment:status'),
              button('doe.experiment.push', '推送表型系统', 'Push to phenotype system', 'doe:experiment:push'),
              button('doe.experiment.export', '田间记载本导出', 'Export field books and maps', 'doe:experiment:export'),
            ],
          }),
          page('doe.germList', '种植清单', 'Planting lists', '/doe/exp/germList', 'doe:germList:list', {
            children: [
              button('doe.germList.add', '清单新增', 'Add planting list', 'doe:germList:add'),
              button('doe.germList.edit', '清单修改', 'Edit planting list', 'doe:germList:edit'),
              button('doe.germList.remove', '清单删除', 'Delete planting list', 'doe:germList:remove', false),
              button('doe.germList.import', '清单导入', 'Import planting lists', 'doe:germList:import'),
              button('doe.germList.export', '清单导出', 'Export planting lists', 'doe:germList:export'),
            ],
          }),
          page('doe.harvest', '收获清单', 'Harvest lists', '/doe/exp/harvest', 'doe:harvest:list', {
            children: [
              button('doe.harvest.generate', '生成收获清单', 'Generate harvest list', 'doe:harvest:generate'),
              button('doe.harvest.edit', '收获清单修改', 'Edit harvest list', 'doe:harvest:edit'),
              button('doe.harvest.remove', '收获清单删除', 'Delete harvest list', 'doe:harvest:remove', false),
            ],
          }),
          page('doe.germplasmDesign', '种质圃设计', 'Germplasm nursery designs', '/doe/germplasm/design', 'doe:germplasmDesign:list', {
            children: [
              button('doe.germplasmDesign.add', '设计新增', 'Add design', 'doe:germplasmDesign:add'),
              button('doe.germplasmDesign.edit', '设计修改', 'Edit design', 'doe:germplasmDesign:edit'),
              button('doe.germplasmDesign.remove', '设计删除', 'Delete design', 'doe:germplasmDesign:remove', false),
            ],
          }),
          page('doe.germplasmLocation', '种质圃地点', 'Germplasm locations', '/doe/germplasm/location', 'doe:location:list', {
            component: 'doe/exp/location/index',
            type: 'C',
          }),
          page('doe.nurseryEntries', '材料组', 'Entry groups', '/doe/nursery/entries', 'doe:entries:list', {
            children: [
              button('doe.entries.add', '材料组新增', 'Add entry group', 'doe:entries:add'),
              button('doe.entries.edit', '材料组修改', 'Edit entry group', 'doe:entries:edit'),
              button('doe.entries.remove', '材料组删除', 'Delete entry group', 'doe:entries:remove', false),
            ],
          }),
          page('doe.activityCategory', '活动类别', 'Activity categories', '/doe/activity/category', 'doe:activity:list', {
            children: [button('doe.activity.category', '类别维护', 'Edit categories', 'doe:activity:category', false)],
          }),
          page('doe.activityRecord', '活动记录', 'Activity records', '/doe/activity/record', 'doe:activity:list', {
            children: [
              button('doe.activity.add', '记录新增', 'Add record', 'doe:activity:add'),
              button('doe.activity.edit', '记录修改', 'Edit record', 'doe:activity:edit'),
              button('doe.activity.remove', '记录删除', 'Delete record', 'doe:activity:remove', false),
            ],
          }),
        ],
      },
    ],
  },
];
