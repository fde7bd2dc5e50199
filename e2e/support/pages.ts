import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo@2026';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The login screen. */
export class LoginScreen {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/login');
  }

  /** Logs in through the form; the labels are read in the current language. */
  async login(username: string, password = DEMO_PASSWORD, labels = { user: '用户名', password: '密码' }) {
    await this.page.getByLabel(labels.user).fill(username);
    await this.page.getByLabel(labels.password).fill(password);
    await this.page.getByTestId('login-submit').click();
  }

  /**
   * The first login of an account an administrator created (or whose password they reset): the change
   * form shows right after the login; `current` is the password the administrator handed out.
   */
  async changeFirstPassword(current: string, next: string, labels = { old: '当前密码', next: '新密码', confirm: '确认新密码' }) {
    const form = this.page.getByTestId('first-password-form');
    await expect(form).toBeVisible();
    await form.getByLabel(labels.old).fill(current);
    await form.getByLabel(labels.next, { exact: true }).fill(next);
    await form.getByLabel(labels.confirm).fill(next);
    await this.page.getByTestId('first-password-submit').click();
  }
}

/** The main layout: side menu, header and the tab bar. */
export class Workspace {
  constructor(private readonly page: Page) {}

  /** Opens a page from the side menu: the directory first, then the entry. */
  async openMenu(directory: string, entry: string) {
    const menu = this.page.getByTestId('side-menu');
    // Menu entries are announced with their icon's name first ("environment Locations").
    const item = menu.getByRole('menuitem', { name: new RegExp(`(^|\\s)${escapeRegExp(entry)}$`) });
    if (!(await item.isVisible())) await menu.getByRole('menuitem', { name: new RegExp(`(^|\\s)${escapeRegExp(directory)}$`) }).click();
    // A click that lands while the layout mounts (the notice banner comes in after login) can be lost:
    // click again until the entry is the selected one.
    await expect(async () => {
      await item.click({ timeout: 2_000 });
      await expect(item).toHaveClass(/ant-menu-item-selected/, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }

  tabLabels() {
    return this.page.getByTestId('tabs-bar').getByTestId('tab-label');
  }

  async expectTabs(titles: string[]) {
    await expect(this.tabLabels()).toHaveText(titles);
  }

  async tabAction(name: string) {
    await this.page.getByTestId('tab-actions').click();
    await this.page.getByRole('menuitem', { name }).click();
  }

  /**
   * Switches the language and waits until it is done: the new language's module texts are loaded first,
   * then the switch shows the new name and (when logged in) the server stores the session's language. A
   * navigation before that would come back in the old language.
   */
  async switchLanguage(name: 'English' | '简体中文') {
    const loggedIn = await this.page.getByTestId('user-menu').isVisible();
    await this.page.getByTestId('language-switch').click();
    const stored = loggedIn ? this.page.waitForResponse((r) => r.url().includes('/changeLocal/'), { timeout: 60_000 }) : undefined;
    await this.page.getByRole('menuitem', { name }).click();
    await expect(this.page.getByTestId('language-switch')).toContainText(name, { timeout: 60_000 });
    await stored;
  }

  async logout(labels = { logout: '退出登录', ok: '确 定' }) {
    const ok = this.page.getByRole('button', { name: labels.ok });
    const item = this.page.getByRole('menuitem', { name: labels.logout });
    // A click that lands while the user menu is still opening can be lost: try again until the confirmation shows.
    await expect(async () => {
      if (await ok.isVisible()) return;
      if (!(await item.isVisible())) await this.page.getByTestId('user-menu').click({ timeout: 2_000 });
      await item.click({ timeout: 2_000 });
      await expect(ok).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await ok.click();
  }
}

/**
 * Antd selects: open one, type to search (remote or tree), then click the option that shows `option`.
 * Opened and typed again until the option shows: in a dialog that is still opening, the dialog can take
 * the focus back after the click, and the typed search went nowhere (the list never came; flaky in CI).
 */
export async function chooseOption(page: Page, select: import('@playwright/test').Locator, search: string, option: string | RegExp) {
  const dropdown = page.locator('.ant-select-dropdown:visible');
  const item = dropdown.locator('.ant-select-item-option, .ant-select-tree-node-content-wrapper').filter({ hasText: option }).first();
  await expect(async () => {
    if (!(await item.isVisible())) {
      await select.click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(search);
    }
    await expect(item).toBeVisible({ timeout: 8_000 });
  }).toPass({ timeout: 40_000 });
  await item.click();
}

/** A short tag for the names a test creates, new on every try: a retry never meets the first try's records. */
export const tryTag = () => Date.now().toString(36).slice(-5);
