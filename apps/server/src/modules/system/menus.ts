import type { MenuContribution } from '../../platform/module';
import { page, button } from '../../platform/menu-seed';

/** The dashboard, the workbench group and the system administration group. */
export const systemMenus: MenuContribution[] = [
  {
    order: 0,
    entries: [
      page('dashboard', '首页', 'Dashboard', '/dashboard', '', { component: 'home/dashboard/index', icon: 'HomeOutlined', affix: true }),
      {
        key: 'home',
        zh: '工作台',
        en: 'Workbench',
        path: '/home',
        type: 'M',
        icon: 'AppstoreOutlined',
        forUser: true,
        children: [
          page('appcenter', '应用中心', 'App center', '/appcenter', 'system:appcenter:index', { component: 'home/appcenter/index' }),
          page('license', '许可证', 'Licence', '/license', 'system:license:view', { component: 'home/license/index', forUser: false }),
          page('storageSpace', '存储空间', 'Storage space', '/storageSpace', 'system:storage:view', { component: 'home/storageSpace/index' }),
        ],
      },
    ],
  },
  {
    order: 100,
    entries: [
      {
        key: 'system',
        zh: '系统管理',
        en: 'System',
        path: '/system',
        type: 'M',
        icon: 'SettingOutlined',
        children: [
          page('system.user', '用户管理', 'Users', '/system/user', 'system:user:list', {
            forUser: false,
            icon: 'UserOutlined',
            children: [
              button('system.user.add', '用户新增', 'Add user', 'system:user:add', false),
              button('system.user.edit', '用户修改', 'Edit user', 'system:user:edit', false),
              button('system.user.remove', '用户删除', 'Remove user', 'system:user:remove', false),
              button('system.user.resetPwd', '重置密码', 'Reset password', 'system:user:resetPwd', false),
            ],
          }),
          page('system.role', '角色管理', 'Roles', '/system/role', 'system:role:list', {
            forUser: false,
            icon: 'TeamOutlined',
            children: [
              button('system.role.add', '角色新增', 'Add role', 'system:role:add', false),
              button('system.role.edit', '角色修改', 'Edit role', 'system:role:edit', false),
              button('system.role.remove', '角色删除', 'Delete role', 'system:role:remove', false),
            ],
          }),
          page('system.dept', '部门管理', 'Departments', '/system/dept', 'system:dept:list', {
            forUser: false,
            icon: 'ApartmentOutlined',
            children: [button('system.dept.edit', '部门维护', 'Edit departments', 'system:dept:edit', false)],
          }),
          page('system.crop', '作物与基因组', 'Crops and genomes', '/system/crop', 'system:crop:list', {
            forUser: false,
            icon: 'ExperimentOutlined',
            children: [button('system.crop.edit', '作物维护', 'Edit crops and builds', 'system:crop:edit', false)],
          }),
          page('system.org', '组织设置', 'Organisation', '/system/org', 'system:org:view', {
            forUser: false,
            icon: 'BankOutlined',
            children: [button('system.org.edit', '组织修改', 'Edit organisation', 'system:org:edit', false)],
          }),
          page('system.menu', '菜单管理', 'Menus', '/system/menu', 'system:menu:list', {
            forUser: false,
            icon: 'MenuOutlined',
            children: [button('system.menu.edit', '菜单维护', 'Edit menus', 'system:menu:edit', false)],
          }),
          page('system.dict', '字典管理', 'Dictionaries', '/system/dict', 'system:dict:list', {
            forUser: false,
            icon: 'BookOutlined',
            children: [button('system.dict.edit', '字典维护', 'Edit dictionaries', 'system:dict:edit', false)],
          }),
          page('system.app', '应用管理', 'Apps', '/system/app', 'system:app:list', {
            forUser: false,
            icon: 'AppstoreOutlined',
            children: [button('system.app.edit', '应用维护', 'Edit apps', 'system:app:edit', false)],
          }),
          page('system.brand', '品牌管理', 'Brands', '/system/brand', 'system:brand:edit', { forUser: false, icon: 'SkinOutlined' }),
          page('system.notice', '通知公告', 'Notices', '/system/notice', 'system:notice:list', {
            forUser: false,
            icon: 'NotificationOutlined',
            children: [button('system.notice.edit', '公告维护', 'Edit notices', 'system:notice:edit', false)],
          }),
          page('system.operlog', '操作日志', 'Operation log', '/system/log/operlog', 'system:log:list', { forUser: false, icon: 'FileSearchOutlined' }),
          page('system.logininfor', '登录日志', 'Login log', '/system/log/logininfor', 'system:log:list', { forUser: false, icon: 'LoginOutlined' }),
          page('system.outbox', '短信邮件发件箱', 'SMS and e-mail outbox', '/system/outbox', 'system:outbox:list', { forUser: false, icon: 'MailOutlined' }),
          page('system.table', '数据表', 'Tables', '/system/table', 'system:table:list', { forUser: false, icon: 'DatabaseOutlined' }),
          page('system.feedback', '意见反馈', 'Feedback', '/system/feedback', 'system:feedback:list', { forUser: false }),
          page('system.licenseSubject', '许可主体', 'Licence subjects', '/system/license/subject', 'system:license:edit', {
            forUser: false,
            icon: 'SafetyCertificateOutlined',
          }),
        ],
      },
    ],
  },
];
