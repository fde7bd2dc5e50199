import type { MenuContribution } from '../../platform/module';
import { button, page } from '../../platform/menu-seed';

/** The nursery group (spec section 2): nursery activities with their entries, pollinations and harvests. */
export const nurseryMenus: MenuContribution[] = [
  {
    order: 35,
    entries: [
      {
        key: 'nursery',
        zh: '育种圃',
        en: 'Nursery',
        path: '/nursery',
        type: 'M',
        icon: 'ExperimentOutlined',
        forUser: true,
        children: [
          page('nursery.design', '苗圃设计', 'Nursery designs', '/nursery/nursery/design', 'nursery:activity:list', {
            children: [
              button('nursery.activity.query', '苗圃查询', 'View nursery', 'nursery:activity:query'),
              button('nursery.activity.add', '苗圃新增', 'Add nursery', 'nursery:activity:add'),
              button('nursery.activity.edit', '苗圃修改', 'Edit nursery', 'nursery:activity:edit'),
              button('nursery.activity.remove', '苗圃删除', 'Delete nursery', 'nursery:activity:remove', false),
              button('nursery.activity.finish', '苗圃完成', 'Finish nursery', 'nursery:activity:finish', false),
              button('nursery.entry.list', '材料查询', 'View entries', 'nursery:entry:list'),
              button('nursery.entry.add', '材料新增', 'Add entries', 'nursery:entry:add'),
              button('nursery.entry.edit', '材料修改', 'Edit entries', 'nursery:entry:edit'),
              button('nursery.entry.remove', '材料删除', 'Delete entries', 'nursery:entry:remove', false),
              button('nursery.pollination.list', '授粉查询', 'View pollinations', 'nursery:pollination:list'),
              button('nursery.pollination.plan', '授粉计划', 'Plan pollinations', 'nursery:pollination:plan'),
              button('nursery.pollination.record', '授粉记录', 'Record pollinations', 'nursery:pollination:record'),
              button('nursery.pollination.finish', '授粉完成', 'Finish pollinations', 'nursery:pollination:finish', false),
              button('nursery.pollination.remove', '授粉删除', 'Delete pollinations', 'nursery:pollination:remove', false),
              button('nursery.harvest.list', '收获查询', 'View harvests', 'nursery:harvest:list'),
              button('nursery.harvest.add', '收获入库', 'Harvest into seed lots', 'nursery:harvest:add'),
              button('nursery.survey.list', '田间调查查询', 'View field survey', 'nursery:survey:list'),
              button('nursery.survey.edit', '田间调查录入', 'Record field survey', 'nursery:survey:edit'),
            ],
          }),
          page('nursery.feedback', '反馈本', 'Feedback books', '/nursery/feedback', 'nursery:survey:list'),
          page('nursery.dhFlow', 'DH 流程模板', 'DH flow templates', '/nursery/dh/flow', 'nursery:dhFlow:list', {
            children: [
              button('nursery.dhFlow.add', 'DH 模板新增', 'Add DH flow template', 'nursery:dhFlow:add'),
              button('nursery.dhFlow.edit', 'DH 模板修改', 'Edit DH flow template', 'nursery:dhFlow:edit'),
              button('nursery.dhFlow.remove', 'DH 模板删除', 'Delete DH flow template', 'nursery:dhFlow:remove', false),
            ],
          }),
          page('nursery.dhEntry', 'DH 批次', 'DH batches', '/nursery/dh/entry', 'nursery:dhEntry:list', {
            children: [
              button('nursery.dhEntry.add', 'DH 批次新增', 'Add DH batch', 'nursery:dhEntry:add'),
              button('nursery.dhEntry.remove', 'DH 批次删除', 'Delete DH batch', 'nursery:dhEntry:remove', false),
              button('nursery.dhEvent.add', 'DH 事件记录', 'Record DH events', 'nursery:dhEvent:add'),
            ],
          }),
        ],
      },
    ],
  },
];
