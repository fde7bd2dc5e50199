import type { MenuContribution } from '../../platform/module';
import { page, button } from '../../platform/menu-seed';

/** The genomic-selection group (spec section 2: dataset, model, inbred and hybrid prediction; hidden detail routes). */
export const gsMenus: MenuContribution[] = [
  {
    order: 40,
    entries: [
      {
        key: 'gs',
        zh: '基因组选择',
        en: 'Genomic selection',
        path: '/gs',
        type: 'M',
        icon: 'DeploymentUnitOutlined',
        forUser: true,
        children: [
          page('gs.dataset', '数据集', 'Datasets', '/gs/dataset', 'gs:dataset:list', {
            children: [
              button('gs.dataset.add', '数据集新增', 'Add dataset', 'gs:dataset:add'),
              button('gs.dataset.edit', '数据集修改', 'Edit dataset', 'gs:dataset:edit'),
              button('gs.dataset.remove', '数据集删除', 'Delete dataset', 'gs:dataset:remove', false),
              button('gs.dataset.export', '数据集导出', 'Export dataset', 'gs:dataset:export'),
            ],
          }),
          page('gs.model', '模型', 'Models', '/gs/model', 'gs:model:list', {
            children: [
              button('gs.model.add', '模型训练', 'Train model', 'gs:model:add'),
              button('gs.model.edit', '模型修改', 'Edit model', 'gs:model:edit'),
              button('gs.model.remove', '模型删除', 'Delete model', 'gs:model:remove', false),
            ],
          }),
          page('gs.inbred', '自交系预测', 'Inbred prediction', '/gs/prediction/inbred', 'gs:predict:list', {
            children: [
              button('gs.predict.add', '预测新增', 'Add prediction', 'gs:predict:add'),
              button('gs.predict.verify', '预测验证', 'Verify prediction', 'gs:predict:verify'),
              button('gs.predict.remove', '预测删除', 'Delete prediction', 'gs:predict:remove', false),
            ],
          }),
          page('gs.hybrid', '杂交种预测', 'Hybrid prediction', '/gs/prediction/hybrid', 'gs:predict:list'),
          page('gs.evaluation', '选择与指数评估', 'Selection index', '/gs/evaluation', 'gs:predict:list'),
          // gws: the crop's genome builds (current one), their genotype panels and the breeding projects.
          page('gs.gws', '基因组版本', 'Genome builds', '/gs/gws', 'gs:dataset:list'),
        ],
      },
    ],
  },
];
