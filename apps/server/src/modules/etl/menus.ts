import type { MenuContribution } from '../../platform/module';
import { button, page } from '../../platform/menu-seed';

/** The data pipelines page inside the workflow module's bpm group (`/bpm/pipeline`). */
export const etlMenus: MenuContribution[] = [
  {
    order: 60,
    parent: 'bpm',
    entries: [
      page('bpm.pipeline', '数据流水线', 'Data pipelines', '/bpm/pipeline', 'bpm:pipeline:list', {
        children: [
          button('bpm.pipeline.add', '流水线新增', 'Add pipelines', 'bpm:pipeline:add'),
          button('bpm.pipeline.edit', '流水线修改', 'Edit pipelines', 'bpm:pipeline:edit'),
          button('bpm.pipeline.remove', '流水线删除', 'Delete pipelines', 'bpm:pipeline:remove', false),
          button('bpm.pipeline.run', '运行流水线', 'Run pipelines', 'bpm:pipeline:run'),
          button('bpm.business.list', '业务数据查看', 'View business data', 'bpm:business:list'),
          button('bpm.business.add', '业务数据表新增', 'Add business data tables', 'bpm:business:add'),
          button('bpm.business.data', '业务数据维护', 'Edit business data', 'bpm:business:data'),
        ],
      }),
    ],
  },
];
