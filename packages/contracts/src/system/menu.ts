import { z } from 'zod';
import { IdParam } from '../envelope';
import { resource } from '../http/endpoint';
import { systemPermissions as P } from './permissions';
import { optionalText, Status } from './shared';

// ---- the menu a user sees (login info, my menu) ---------------------------------------------------

export const MenuMeta = z.object({
  title: z.string(),
  titleI18n: z.object({ 'zh-CN': z.string(), en: z.string() }),
  icon: z.string().nullable(),
  hidden: z.boolean(),
  helpUrl: z.string().nullable(),
  type: z.string().nullable(),
  affix: z.boolean(),
  roles: z.array(z.string()),
});

export interface MenuItem {
  id: number;
  name: string;
  path: string;
  component: string | null;
  meta: z.infer<typeof MenuMeta>;
  children: MenuItem[];
}
export const MenuItem: z.ZodType<MenuItem> = z.object({
  id: z.number().int(),
  name: z.string(),
  path: z.string(),
  component: z.string().nullable(),
  meta: MenuMeta,
  get children() {
    return z.array(MenuItem);
  },
});
export const MyMenuData = z.object({ menus: z.array(MenuItem), roles: z.array(z.string()), permissions: z.array(z.string()) });
export type MyMenuData = z.infer<typeof MyMenuData>;

// ---- the menu tree administrators edit ------------------------------------------------------------

export const MenuType = z.enum(['M', 'C', 'F']);
export interface MenuNode {
  id: number;
  menuKey: string;
  parentId: number | null;
  name: string;
  path: string;
  component: string | null;
  menuType: 'M' | 'C' | 'F';
  perms: string | null;
  icon: string | null;
  titleZh: string;
  titleEn: string;
  hidden: boolean;
  affix: boolean;
  helpUrl: string | null;
  type: string | null;
  roles: string[];
  appKey: string | null;
  orderNum: number;
  status: 'enabled' | 'disabled';
  children: MenuNode[];
}
export const MenuNode: z.ZodType<MenuNode> = z.object({
  id: z.number().int(),
  menuKey: z.string(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  path: z.string(),
  component: z.string().nullable(),
  menuType: MenuType,
  perms: z.string().nullable(),
  icon: z.string().nullable(),
  titleZh: z.string(),
  titleEn: z.string(),
  hidden: z.boolean(),
  affix: z.boolean(),
  helpUrl: z.string().nullable(),
  type: z.string().nullable(),
  roles: z.array(z.string()),
  appKey: z.string().nullable(),
  orderNum: z.number().int(),
  status: Status,
  get children() {
    return z.array(MenuNode);
  },
});
const MenuFields = {
  parentId: z.number().int().positive().nullable(),
  menuType: MenuType,
  titleZh: z.string().trim().min(1).max(50),
  titleEn: z.string().trim().min(1).max(80),
  path: z
    .string()
    .trim()
    .max(200)
    .regex(/^(\/[A-Za-z0-9_.:/-]*)?$/)
    .default(''),
  component: optionalText(200),
  perms: z
    .string()
    .trim()
    .max(500)
    .regex(/^([A-Za-z0-9_*-]+(:[A-Za-z0-9_*-]+)*)?(,\s*[A-Za-z0-9_*-]+(:[A-Za-z0-9_*-]+)*)*$/)
    .nullish()
    .transform((v) => (v ? v : null)),
  icon: optionalText(50),
  hidden: z.boolean().default(false),
  affix: z.boolean().default(false),
  helpUrl: optionalText(500),
  type: optionalText(30),
  roles: z.array(z.string().trim().min(1).max(50)).max(50).default([]),
  orderNum: z.number().int().min(0).max(99999).default(0),
  status: Status.default('enabled'),
};
export const MenuCreate = z.object(MenuFields);
export type MenuCreate = z.input<typeof MenuCreate>;
export const MenuUpdate = z.object({ id: z.number().int().positive(), ...MenuFields });
export type MenuUpdate = z.input<typeof MenuUpdate>;

/** The menu tree: mine (with my roles and permissions) and, for administrators, all of it. */
export const menu = resource(
  { tag: 'system: menus', base: '/menu' },
  {
    my: { method: 'GET', path: '/my/1.5.0', summary: 'My menu tree with my roles and permissions', data: MyMenuData },
    list: { method: 'GET', path: '/list', permission: P.menuList, summary: 'The whole menu tree with every field', data: z.array(MenuNode) },
    create: { method: 'POST', path: '/create', permission: P.menuEdit, scope: 'platform', summary: 'Adds a menu entry', body: MenuCreate, data: MenuNode },
    update: {
      method: 'PUT',
      path: '/update',
      permission: P.menuEdit,
      scope: 'platform',
      summary: 'Updates a menu entry (route roles, hidden, affix, help URL, type ...)',
      body: MenuUpdate,
      data: MenuNode,
    },
    remove: {
      method: 'DELETE',
      path: '/:id',
      permission: P.menuEdit,
      scope: 'platform',
      summary: 'Deletes a menu entry without children',
      params: IdParam,
      data: z.null(),
    },
  },
);
