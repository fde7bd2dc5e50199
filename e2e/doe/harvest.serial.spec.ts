import { expect, test } from '@playwright/test';
import { LoginScreen } from '../support/pages';

test('finish an experiment, generate its harvest list as a task, and find it harvested', async ({ page }) => {
  const visible = (id: string) => page.getByTestId(id).filter({ visible: true });
  const status = () => page.locator('.ant-card-head').filter({ visible: true }).getByTestId('experiment-status');
  await page.goto('/login');
  await new LoginScreen(page).login('admin');
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await page.goto('/doe/exp/design');
  await visible('experiment-table').getByText('2026 昌平玉米观察圃').click();
  await expect(status()).toHaveAttribute('data-status', 'designed');
  await visible('experiment-finish').click();
  await expect(status()).toHaveAttribute('data-status', 'finished');

  await visible('experiment-harvest-list').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('收获方式').click();
  await page.getByTitle('穗收').click();
  await dialog.getByTestId('harvest-start').click();
  await expect(dialog.getByTestId('task-progress')).toHaveAttribute('data-status', 'succeeded', { timeout: 30_000 });
  await dialog.getByRole('button', { name: '关 闭' }).click();
  await expect(status()).toHaveAttribute('data-status', 'harvested');
  await page.getByRole('tab', { name: '收获清单' }).filter({ visible: true }).click();
  // 60 test entries in the augmented observation nursery: one harvest line per test plot.
  await expect(page.locator('.ant-table-row').filter({ visible: true }).filter({ hasText: '穗收' })).toContainText('60');
});
