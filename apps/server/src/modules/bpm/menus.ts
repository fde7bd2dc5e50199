import type { MenuContribution } from '../../platform/module';
import { page, button } from '../../platform/menu-seed';
import { bpmPermissions as P } from '@breedwise/contracts/bpm';

/** The workflow group (spec section 2: the bpm pages; hidden routes for the designer, rules and detail). */
export const bpmMenus: MenuContribution[] = [
  {
    order: 60,
    entries: [
      {
        key: 'bpm',
        zh: '工作流',
        en: 'Workflow',
        path: '/bpm',
        type: 'M',
        icon: 'ApartmentOutlined',
        forUser: true,
        children: [
          page('bpm.todo', '待办任务', 'To-do', '/bpm/task/todo', P.taskQuery, {
            children: [button('bpm.task.update', '审批任务', 'Handle tasks', P.taskUpdate)],
          }),
          page('bpm.done', '已办任务', 'Done', '/bpm/task/done', P.taskQuery),
          page('bpm.my', '我的流程', 'My processes', '/bpm/task/my', P.instanceQuery, {
            children: [
              button('bpm.instance.create', '发起流程', 'Start processes', P.instanceCreate),
              button('bpm.instance.cancel', '取消流程', 'Cancel processes', P.instanceCancel),
            ],
          }),
          page('bpm.leave', '请假申请', 'Leave requests', '/bpm/oa/leave', P.instanceCreate),
          page('bpm.model', '流程模型', 'Process models', '/bpm/manager/model', P.modelQuery, {
            forUser: false,
            children: [
              button('bpm.model.create', '新建模型', 'Create models', P.modelCreate, false),
              button('bpm.model.update', '设计模型', 'Design models', P.modelUpdate, false),
              button('bpm.model.delete', '删除模型', 'Delete models', P.modelDelete, false),
              button('bpm.model.deploy', '部署模型', 'Deploy models', P.modelDeploy, false),
              button('bpm.model.import', '导入模型', 'Import models', P.modelImport, false),
            ],
          }),
          page('bpm.form', '流程表单', 'Process forms', '/bpm/manager/form', P.formQuery, {
            forUser: false,
            children: [
              button('bpm.form.create', '新建表单', 'Create forms', P.formCreate, false),
              button('bpm.form.update', '设计表单', 'Design forms', P.formUpdate, false),
              button('bpm.form.delete', '删除表单', 'Delete forms', P.formDelete, false),
            ],
          }),
          page('bpm.definition', '流程定义', 'Process definitions', '/bpm/manager/definition', P.definitionQuery, {
            forUser: false,
            children: [button('bpm.definition.update', '挂起/激活', 'Suspend or activate', P.definitionUpdate, false)],
          }),
          page('bpm.taskAssignRule', '任务分配规则', 'Task assignment rules', '/bpm/manager/taskAssignRule', P.ruleQuery, {
            forUser: false,
            hidden: true,
            children: [
              button('bpm.rule.create', '新建规则', 'Create rules', P.ruleCreate, false),
              button('bpm.rule.update', '修改规则', 'Change rules', P.ruleUpdate, false),
            ],
          }),
          page('bpm.userGroup', '用户组', 'User groups', '/bpm/manager/user-group', P.groupQuery, {
            forUser: false,
            children: [
              button('bpm.group.create', '新建用户组', 'Create user groups', P.groupCreate, false),
              button('bpm.group.update', '修改用户组', 'Edit user groups', P.groupUpdate, false),
              button('bpm.group.delete', '删除用户组', 'Delete user groups', P.groupDelete, false),
            ],
          }),
          page('bpm.relationship', '业务流程绑定', 'Business bindings', '/relationship/detail', P.bindingQuery, {
            forUser: false,
            children: [button('bpm.relationship.update', '修改绑定', 'Change bindings', P.bindingUpdate, false)],
          }),
        ],
      },
    ],
  },
];
