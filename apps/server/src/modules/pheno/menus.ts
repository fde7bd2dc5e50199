import type { MenuContribution } from '../../platform/module';
import { button, page } from '../../platform/menu-seed';

/** The phenotype group: traits and the experiments' phenotype data. */
export const phenoMenus: MenuContribution[] = [
  {
    order: 35,
    entries: [
      {
        key: 'pheno',
        zh: '表型数据',
        en: 'Phenotypes',
        path: '/pheno',
        type: 'M',
        icon: 'LineChartOutlined',
        forUser: true,
        children: [
          page('pheno.study', '表型试验', 'Phenotyping', '/pheno/study', 'pheno:study:list', {
            children: [
              button('pheno.study.push', '推送试验与选择性状', 'Push experiments and choose traits', 'pheno:study:push'),
              button('pheno.observation.edit', '录入与导入观测值', 'Record and import observations', 'pheno:observation:edit'),
              button('pheno.analysis.run', '运行单点分析', 'Run the single-trial analysis', 'pheno:analysis:run'),
            ],
          }),
          page('pheno.variable', '表型性状', 'Phenotype traits', '/pheno/variable', 'pheno:variable:list', {
            children: [
              button('pheno.variable.add', '性状新增', 'Add traits', 'pheno:variable:add'),
              button('pheno.variable.edit', '性状修改', 'Edit traits', 'pheno:variable:edit'),
              button('pheno.variable.remove', '性状删除', 'Delete traits', 'pheno:variable:remove', false),
              button('pheno.variable.import', '性状导入', 'Import traits', 'pheno:variable:import'),
              button('pheno.variable.export', '性状导出', 'Export traits', 'pheno:variable:export'),
            ],
          }),
        ],
      },
    ],
  },
];
