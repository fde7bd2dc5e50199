import { expect, test } from '@playwright/test';
import { LoginScreen } from '../support/pages';

test("the dashboard follows the dashboard type: administrator figures, a member's default, the germplasm bank", async ({ page, browser }) => {
  await page.goto('/login');
  await new LoginScreen(page).login('admin');
  const dashboard = page.getByTestId('dashboard');
  await expect(dashboard).toHaveAttribute('data-variant', 'admin');
  // The default layout stays: welcome, to-do list, clock, my apps.
  await expect(page.getByTestId('dashboard-welcome')).toBeVisible();
  await expect(page.getByTestId('dashboard-clock')).toBeVisible();
  await expect(page.getByTestId('app-tile').first()).toBeVisible();
  // The administrator's figures and the newest audit events.
  await expect(page.getByTestId('admin-figure-users')).toContainText(/组织成员\s*\d+/);
  await expect(page.getByTestId('admin-figure-sessions')).toContainText(/在线会话\s*[1-9]/);
  await expect(page.getByTestId('admin-figure-storage')).toContainText('已用存储');
  await expect(page.getByTestId('admin-figure-failed')).toContainText('失败登录');
  await expect(page.getByTestId('admin-audit')).toContainText('auth.login');
  await page.getByTestId('admin-figure-users').click();
  await expect(page.getByTestId('user-table')).toBeVisible();

  // A member gets the default dashboard, without the organisation's figures.
  const memberCtx = await browser.newContext();
  const member = await memberCtx.newPage();
  await member.goto('/login');
  await new LoginScreen(member).login('breeder');
  await expect(member.getByTestId('dashboard')).toHaveAttribute('data-variant', 'default');
  await expect(member.getByTestId('dashboard-welcome')).toBeVisible();
  await expect(member.getByTestId('admin-figure-users')).toHaveCount(0);
  await memberCtx.close();

  // Entered at the germplasm bank's path, the brand's dashboard.
  const bankCtx = await browser.newContext();
  const bank = await bankCtx.newPage();
  await bank.goto('/germbank');
  await new LoginScreen(bank).login('breeder');
  await expect(bank.getByTestId('dashboard')).toHaveAttribute('data-variant', 'germbank');
  await expect(bank.getByTestId('germbank-hero')).toContainText('国家作物种质库');
  await expect(bank.getByTestId('germbank-areas')).toBeVisible();
  await bankCtx.close();
});
