import { expect, test } from '@playwright/test';
import { LoginScreen, Workspace } from '../support/pages';

test('dictionaries: add an entry and see it in a select; a duplicate value is refused', async ({ page }) => {
  await page.goto('/login');
  await new LoginScreen(page).login('admin');
  await new Workspace(page).openMenu('系统管理', '字典管理');
  await page.getByTestId('dict-type-doe_season').click();
  await expect(page.getByTestId('dict-entries')).toContainText('spring');

  await page.getByTestId('dict-entry-add').click();
  await page.getByTestId('dict-entry-value').fill('rainy');
  await page.getByTestId('dict-entry-label-zh').fill('雨季');
  await page.getByTestId('dict-entry-label-en').fill('Rainy season');
  await page.getByTestId('dict-entry-save').click();
  await expect(page.getByTestId('dict-entries')).toContainText('rainy');

  // The select business forms show (dic/list by dictType and appKey) offers it now.
  await page.getByTestId('dict-preview').click();
  await expect(page.locator('.ant-select-dropdown:visible').getByTitle('雨季')).toBeVisible();
  await page.keyboard.press('Escape');

  // The same value again: the server refuses it and says why.
  await page.getByTestId('dict-entry-add').click();
  await page.getByTestId('dict-entry-value').fill('rainy');
  await page.getByTestId('dict-entry-label-zh').fill('雨季二');
  await page.getByTestId('dict-entry-label-en').fill('Rainy 2');
  await page.getByTestId('dict-entry-save').click();
  await expect(page.getByText('字典值 rainy 已存在')).toBeVisible();
  await expect(page.getByTestId('dict-entry-form')).toBeVisible();
});
