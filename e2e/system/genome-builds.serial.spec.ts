import { expect, test } from '@playwright/test';
import { LoginScreen, Workspace } from '../support/pages';

test('genome builds: the no-genome-version prompt leads to defining one, which the selector then offers', async ({ page }) => {
  await page.goto('/login');
  await new LoginScreen(page).login('admin');
  await expect(page.getByTestId('dashboard')).toBeVisible();
  // Wheat has no genome build in the demo data.
  await page.getByTestId('crop-switcher').click();
  await page.locator('.ant-select-dropdown:visible').getByText('小麦').click();
  await expect(page.getByText('已切换到 小麦')).toBeVisible();

  await new Workspace(page).openMenu('系统管理', '作物与基因组');
  await page.getByTestId('genome-build-missing').click();
  await expect(page.getByText('当前作物“小麦”还没有定义基因组版本')).toBeVisible();
  // Cancel leaves things as they are.
  await page.getByTestId('build-prompt-cancel').click();
  await expect(page.getByTestId('build-go-define')).toBeHidden();
  await page.getByTestId('crop-row-maize').click();
  await expect(page.getByTestId('build-card')).toContainText('玉米 的基因组版本');

  // Go-define opens the genome builds of the current crop.
  await page.getByTestId('genome-build-missing').click();
  await page.getByTestId('build-go-define').click();
  await expect(page.getByTestId('build-card')).toContainText('小麦 的基因组版本');
  await page.getByTestId('build-add').click();
  await page.getByTestId('build-form-code').fill('CS_IWGSC_v2.1');
  await page.getByTestId('build-form-name').fill('IWGSC RefSeq v2.1');
  await page.getByTestId('build-save').click();
  await expect(page.getByTestId('build-table')).toContainText('CS_IWGSC_v2.1');
  await expect(page.getByTestId('genome-build-select')).toContainText('IWGSC RefSeq v2.1 (CS_IWGSC_v2.1)');
  await expect(page.getByTestId('genome-build-missing')).toBeHidden();

  // A second build of the same crop: the selector switches between them and remembers the choice.
  await page.getByTestId('build-add').click();
  await page.getByTestId('build-form-code').fill('CS_IWGSC_v1.0');
  await page.getByTestId('build-form-name').fill('IWGSC RefSeq v1.0');
  await page.getByTestId('build-save').click();
  await page.getByTestId('genome-build-select').click();
  await page.locator('.ant-select-dropdown:visible').getByText('IWGSC RefSeq v1.0 (CS_IWGSC_v1.0)').click();
  await expect(page.getByText('已切换到基因组版本 IWGSC RefSeq v1.0')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('genome-build-select')).toContainText('IWGSC RefSeq v1.0');
});
