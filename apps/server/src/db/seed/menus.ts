/**
 * The product's menu tree (spec section 2). Synced into sys_menu at start: entries missing from the
 * database are added, existing ones are left as administrators edited them. `forUser` marks entries
 * the built-in "user" role receives when the entry first appears.
 */
export interface MenuSeed {
  key: string;
  zh: string;
  en: string;
  path?: string;
  component?: string;
  type?: 'M' | 'C' | 'F';
  perms?: string;
  icon?: string;
  hidden?: boolean;
  affix?: boolean;
  forUser?: boolean;
  roles?: string[];
  children?: MenuSeed[];
}

const page = (key: string, zh: string, en: string, path: string, perms: string, extra: Partial<MenuSeed> = {}): MenuSeed => ({
  key, zh, en, path, component: `${path.replace(/^\//, '')}/index`, type: 'C', perms, forUser: true, ...extra,
});

const button = (key: string, zh: string, en: string, perms: string, forUser = true): MenuSeed => ({ key, zh, en, type: 'F', perms, forUser });

export const menuTree: MenuSeed[] = [
  page('dashboard', '首页', 'Dashboard', '/dashboard', '', { component: 'home/dashboard/index', icon: 'HomeOutlined', affix: true }),
  {
    key: 'home', zh: '工作台', en: 'Workbench', path: '/home', type: 'M', icon: 'AppstoreOutlined', forUser: true,
    children: [
      page('appcenter', '应用中心', 'App center', '/appcenter', 'system:appcenter:index', { component: 'home/appcenter/index' }),
      page('license', '许可证', 'Licence', '/license', 'system:license:view', { component: 'home/license/index', forUser: false }),
      page('storageSpace', '存储空间', 'Storage space', '/storageSpace', 'system:storage:view', { component: 'home/storageSpace/index' }),
    ],
  },
  {
    key: 'germ', zh: '种质资源', en: 'Germplasm', path: '/germ', type: 'M', icon: 'ExperimentOutlined', forUser: true,
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
    ],
  },
  {
    key: 'doe', zh: '试验设计', en: 'Trial design', path: '/doe', type: 'M', icon: 'ProjectOutlined', forUser: true,
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
      page('doe.germplasmLocation', '种质圃地点', 'Germplasm locations', '/doe/germplasm/location', 'doe:location:list', { component: 'doe/exp/location/index', type: 'C' }),
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
  {
    key: 'nursery', zh: '苗圃管理', en: 'Nursery', path: '/nursery', type: 'M', icon: 'BranchesOutlined', forUser: true,
    children: [
      page('nursery.design', '苗圃设计', 'Nursery designs', '/nursery/nursery/design', 'nursery:design:list'),
      page('nursery.entries', '苗圃材料', 'Nursery entries', '/nursery/nursery/entries', 'nursery:entries:list'),
      page('nursery.obtain', '收获', 'Harvests', '/nursery/nursery/obtain', 'nursery:obtain:list'),
      page('nursery.hybrid', '授粉事件', 'Pollination events', '/nursery/hybrid/events', 'nursery:hybrid:list'),
      page('nursery.dhEntry', 'DH 材料', 'DH entries', '/nursery/dh/entry', 'nursery:dh:list'),
      page('nursery.dhEvents', 'DH 事件', 'DH events', '/nursery/dh/events', 'nursery:dh:list'),
      page('nursery.dhFlow', 'DH 流程', 'DH flows', '/nursery/dh/flow', 'nursery:dh:list'),
      page('nursery.feedback', '反馈记录本', 'Feedback books', '/nursery/feedback', 'nursery:feedback:list'),
    ],
  },
  {
    key: 'lims', zh: '实验室管理', en: 'Laboratory', path: '/lims', type: 'M', icon: 'ExperimentOutlined', forUser: true,
    children: [
      page('lims.project', '项目立项', 'Projects', '/lims/project', 'lims:project:list'),
      page('lims.vectorApplication', '载体申请', 'Vector applications', '/lims/vector/application', 'lims:vector:list'),
      page('lims.vectorDesign', '载体设计', 'Vector design', '/lims/vector/design', 'lims:vector:list'),
      page('lims.vectorReview', '载体审核', 'Vector review', '/lims/vector/review', 'lims:vector:review'),
      page('lims.vectorCloning', '基因克隆', 'Gene cloning', '/lims/vector/cloning', 'lims:vector:list'),
      page('lims.vectorQc', '载体质检', 'Vector QC', '/lims/vector/qc', 'lims:vector:qc'),
      page('lims.transformation', '遗传转化', 'Transformation', '/lims/vector/transf', 'lims:transf:list'),
      page('lims.dtApplication', '检测申请', 'Testing applications', '/lims/dt/application', 'lims:dt:list'),
      page('lims.dtSampling', '取样', 'Sampling', '/lims/dt/sampling', 'lims:dt:list'),
      page('lims.dtTask', '检测任务', 'Testing tasks', '/lims/dt/task', 'lims:dt:list'),
      page('lims.medium', '培养基', 'Culture media', '/lims/exp/medium', 'lims:medium:list'),
      page('lims.greenhouse', '温室', 'Greenhouse', '/lims/greenhouse', 'lims:greenhouse:list'),
      page('lims.rpInbound', '试剂入库', 'Reagent inbound', '/lims/rp/inbound', 'lims:rp:list'),
      page('lims.rpOutbound', '试剂出库', 'Reagent outbound', '/lims/rp/outbound', 'lims:rp:list'),
      page('lims.rpInventory', '试剂库存', 'Reagent inventory', '/lims/rp/inventory', 'lims:rp:list'),
      page('lims.stats', '统计', 'Statistics', '/lims/stats', 'lims:stats:view'),
    ],
  },
  {
    key: 'ihup', zh: '航拍图', en: 'Aerial maps', path: '/ihup', type: 'M', icon: 'CameraOutlined', forUser: true,
    children: [
      page('ihup.image', '航拍图列表', 'Aerial images', '/ihup/ap/image', 'ihup:image:list'),
      page('ihup.location', '地块列表', 'Aerial locations', '/ihup/ap/location', 'ihup:location:list'),
      page('ihup.upload', '上传航拍图', 'Upload aerial image', '/ihup/ap/upload', 'ihup:image:add'),
    ],
  },
  {
    key: 'gs', zh: '基因组选择', en: 'Genomic selection', path: '/gs', type: 'M', icon: 'DeploymentUnitOutlined', forUser: true,
    children: [
      page('gs.dataset', '数据集', 'Datasets', '/gs/dataset', 'gs:dataset:list'),
      page('gs.model', '模型', 'Models', '/gs/model', 'gs:model:list'),
      page('gs.inbred', '自交系预测', 'Inbred prediction', '/gs/prediction/inbred', 'gs:predict:list'),
      page('gs.hybrid', '杂交种预测', 'Hybrid prediction', '/gs/prediction/hybrid', 'gs:predict:list'),
      page('gs.evaluation', '综合评价', 'Index evaluation', '/gs/evaluation', 'gs:evaluation:list'),
    ],
  },
  {
    key: 'bdai', zh: '基因组数据湖', en: 'Genomic lake', path: '/bdai', type: 'M', icon: 'DatabaseOutlined', forUser: true,
    children: [page('bdai.lake', '数据湖检索', 'Lake search', '/bdai/lake', 'bdai:lake:query')],
  },
  {
    key: 'bpm', zh: '流程审批', en: 'Workflow', path: '/bpm', type: 'M', icon: 'ApartmentOutlined', forUser: true,
    children: [
      page('bpm.todo', '待办任务', 'To-do tasks', '/bpm/task/todo', 'bpm:task:query'),
      page('bpm.done', '已办任务', 'Done tasks', '/bpm/task/done', 'bpm:task:query'),
      page('bpm.my', '我的流程', 'My processes', '/bpm/task/my', 'bpm:process:query'),
      page('bpm.leave', '请假申请', 'Leave requests', '/bpm/oa/leave', 'bpm:leave:query'),
      page('bpm.model', '流程模型', 'Process models', '/bpm/manager/model', 'bpm:model:query', { forUser: false }),
      page('bpm.form', '流程表单', 'Process forms', '/bpm/manager/form', 'bpm:form:query', { forUser: false }),
      page('bpm.group', '用户组', 'User groups', '/bpm/manager/group', 'bpm:group:query', { forUser: false }),
      page('bpm.pipeline', '数据管道', 'Data pipelines', '/bpm/pipeline', 'bpm:pipeline:query', { forUser: false }),
    ],
  },
  {
    key: 'system', zh: '系统管理', en: 'System', path: '/system', type: 'M', icon: 'SettingOutlined',
    children: [
      page('system.user', '用户管理', 'Users', '/system/user', 'system:user:list', {
        forUser: false, icon: 'UserOutlined',
        children: [
          button('system.user.add', '用户新增', 'Add user', 'system:user:add', false),
          button('system.user.edit', '用户修改', 'Edit user', 'system:user:edit', false),
          button('system.user.remove', '用户删除', 'Remove user', 'system:user:remove', false),
          button('system.user.resetPwd', '重置密码', 'Reset password', 'system:user:resetPwd', false),
        ],
      }),
      page('system.role', '角色管理', 'Roles', '/system/role', 'system:role:list', {
        forUser: false, icon: 'TeamOutlined',
        children: [
          button('system.role.add', '角色新增', 'Add role', 'system:role:add', false),
          button('system.role.edit', '角色修改', 'Edit role', 'system:role:edit', false),
          button('system.role.remove', '角色删除', 'Delete role', 'system:role:remove', false),
        ],
      }),
      page('system.dept', '部门管理', 'Departments', '/system/dept', 'system:dept:list', {
        forUser: false, icon: 'ApartmentOutlined',
        children: [button('system.dept.edit', '部门维护', 'Edit departments', 'system:dept:edit', false)],
      }),
      page('system.crop', '作物与基因组', 'Crops and genomes', '/system/crop', 'system:crop:list', {
        forUser: false, icon: 'ExperimentOutlined',
        children: [button('system.crop.edit', '作物维护', 'Edit crops and builds', 'system:crop:edit', false)],
      }),
      page('system.org', '组织设置', 'Organisation', '/system/org', 'system:org:view', {
        forUser: false, icon: 'BankOutlined',
        children: [button('system.org.edit', '组织修改', 'Edit organisation', 'system:org:edit', false)],
      }),
      page('system.menu', '菜单管理', 'Menus', '/system/menu', 'system:menu:list', {
        forUser: false, icon: 'MenuOutlined',
        children: [button('system.menu.edit', '菜单维护', 'Edit menus', 'system:menu:edit', false)],
      }),
      page('system.dict', '字典管理', 'Dictionaries', '/system/dict', 'system:dict:list', {
        forUser: false, icon: 'BookOutlined',
        children: [button('system.dict.edit', '字典维护', 'Edit dictionaries', 'system:dict:edit', false)],
      }),
      page('system.app', '应用管理', 'Apps', '/system/app', 'system:app:list', {
        forUser: false, icon: 'AppstoreOutlined',
        children: [button('system.app.edit', '应用维护', 'Edit apps', 'system:app:edit', false)],
      }),
      page('system.brand', '品牌管理', 'Brands', '/system/brand', 'system:brand:edit', { forUser: false, icon: 'SkinOutlined' }),
      page('system.notice', '通知公告', 'Notices', '/system/notice', 'system:notice:list', {
        forUser: false, icon: 'NotificationOutlined',
        children: [button('system.notice.edit', '公告维护', 'Edit notices', 'system:notice:edit', false)],
      }),
      page('system.operlog', '操作日志', 'Operation log', '/system/log/operlog', 'system:log:list', { forUser: false, icon: 'FileSearchOutlined' }),
      page('system.logininfor', '登录日志', 'Login log', '/system/log/logininfor', 'system:log:list', { forUser: false, icon: 'LoginOutlined' }),
      page('system.outbox', '短信邮件发件箱', 'SMS and e-mail outbox', '/system/outbox', 'system:outbox:list', { forUser: false, icon: 'MailOutlined' }),
      page('system.table', '数据表', 'Tables', '/system/table', 'system:table:list', { forUser: false, icon: 'DatabaseOutlined' }),
      page('system.feedback', '意见反馈', 'Feedback', '/system/feedback', 'system:feedback:list', { forUser: false }),
      page('system.licenseSubject', '许可主体', 'Licence subjects', '/system/license/subject', 'system:license:edit', { forUser: false, icon: 'SafetyCertificateOutlined' }),
    ],
  },
];
