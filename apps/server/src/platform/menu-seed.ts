import type { MenuContribution, MenuSeed } from './module';

/** A menu page entry: its component key follows the path unless given. */
export const page = (key: string, zh: string, en: string, path: string, perms: string, extra: Partial<MenuSeed> = {}): MenuSeed => ({
  key,
  zh,
  en,
  path,
  component: `${path.replace(/^\//, '')}/index`,
  type: 'C',
  perms,
  forUser: true,
  ...extra,
});

/** A button (permission) entry under a page. */
export const button = (key: string, zh: string, en: string, perms: string, forUser = true): MenuSeed => ({ key, zh, en, type: 'F', perms, forUser });

/**
 * The product's menu tree from every module's contributions: top-level groups in `order`, and entries a
 * module places into another module's group appended to that group's children (in `order` too).
 */
export function assembleMenus(contributions: readonly MenuContribution[]): MenuSeed[] {
  const sorted = [...contributions].sort((a, b) => a.order - b.order);
  const tree: MenuSeed[] = sorted.filter((c) => !c.parent).flatMap((c) => c.entries.map((e) => ({ ...e })));
  for (const c of sorted.filter((x) => x.parent)) {
    const group = tree.find((n) => n.key === c.parent);
    if (!group) throw new Error(`menu group ${c.parent} is not declared by any module`);
    group.children = [...(group.children ?? []), ...c.entries];
  }
  const keys = new Set<string>();
  const visit = (nodes: MenuSeed[]) =>
    nodes.forEach((n) => {
      if (keys.has(n.key)) throw new Error(`menu key ${n.key} is declared twice`);
      keys.add(n.key);
      if (n.children) visit(n.children);
    });
  visit(tree);
  return tree;
}
