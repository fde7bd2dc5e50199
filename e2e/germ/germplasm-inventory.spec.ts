import { expect, test, type Page } from '@playwright/test';
import { chooseOption, LoginScreen, Workspace } from '../support/pages';

const todoCount = async (page: Page, label: string) => {
  const line = page.getByTestId('todo-list').locator('.ant-list-item', { hasText: label });
  await expect(line.locator('.bw-todo-count')).toHaveText(/^\d+$/);
  return Number(await line.locator('.bw-todo-count').textContent());
};

const openDashboard = async (page: Page) => {
  await page.getByTestId('side-menu').getByRole('menuitem', { name: /首页$/ }).click();
  await expect(page.getByTestId('todo-list')).toBeVisible();
};

/** The drawer of the document just saved or opened. */
const docDrawer = (page: Page) => page.locator('.ant-drawer-open').filter({ has: page.getByTestId('doc-actions') });

async function approveOpenDocument(page: Page) {
  const drawer = docDrawer(page);
  await drawer.getByTestId('doc-approve').click();
  await page.getByTestId('doc-comment').fill('同意');
  await page.getByRole('button', { name: '确 定' }).click();
  await expect(drawer.getByTestId('doc-status')).toHaveText('已审核');
  await drawer.locator('.ant-drawer-close').click();
}

test('register a germplasm with a pedigree, receive seed, take some out through the cart, stocktake, print labels, see the history and the dashboard change', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.goto('/login');
  await new LoginScreen(page).login('admin');
  const ws = new Workspace(page);
  const outboundBefore = await todoCount(page, '待审核出库单');
  const acc = `E2E-${Date.now().toString(36).slice(-6).toUpperCase()}`;
  const recipient = `南繁站 ${acc}`;

  // Register, with the pedigree checked as it is typed.
  await ws.openMenu('种质资源', '种质库');
  await page.getByTestId('germplasm-add').click();
  const form = page.getByTestId('germplasm-form');
  await form.getByLabel('种质编号').fill(acc);
  await form.getByLabel('名称').fill('E2E 测试系');
  await form.getByLabel('世代').fill('F3');
  await form.getByTestId('pedigree-input').fill('郑58/昌7-2//');
  await expect(form.getByTestId('pedigree-error')).toContainText('缺少亲本');
  await form.getByTestId('pedigree-input').fill('郑58/昌7-2//Mo17');
  await expect(form.getByTestId('pedigree-ok')).toBeVisible();
  await page.getByRole('button', { name: '保 存' }).click();
  const view = page.getByTestId('germplasm-view');
  await expect(view).toContainText('E2E 测试系');
  await expect(view.getByTestId('pedigree-typed')).toHaveText('郑58/昌7-2//Mo17');

  // Receive seed: an inbound document into a new lot, submitted and approved.
  await ws.openMenu('种质资源', '入库');
  await page.getByTestId('doc-add').locator('visible=true').click();
  const docForm = page.getByTestId('doc-form').locator('visible=true');
  await docForm.getByTestId('doc-title').fill('E2E 收获入库');
  const line = docForm.getByTestId('doc-line').first();
  await line.getByText('新批次').click();
  await chooseOption(page, line.locator('.ant-select').nth(0), acc, acc);
  await chooseOption(page, line.locator('.ant-select').nth(1), '低温库', '低温库 1 号');
  await line.getByTestId('doc-line-quantity').fill('500');
  await page.getByRole('button', { name: '保 存' }).locator('visible=true').click();
  const drawer = docDrawer(page);
  await expect(drawer.getByTestId('doc-status')).toHaveText('草稿');
  await drawer.getByTestId('doc-submit').click();
  await expect(drawer.getByTestId('doc-status')).toHaveText('待审核');
  await approveOpenDocument(page);

  // Take some out through the cart: the lot is found by its accession, 120 g go into the cart.
  await ws.openMenu('种质资源', '库存');
  await page.getByTestId('lot-search').locator('input').fill(acc);
  await page.getByTestId('lot-search').locator('input').press('Enter');
  const lotRow = page.getByTestId('lot-table').locator('.ant-table-row', { hasText: acc });
  await expect(lotRow.getByTestId('lot-quantity')).toHaveText('500 克');
  const lotNo = (await lotRow.getByTestId('lot-link').textContent())!.trim();
  await lotRow.getByTestId('lot-cart').click();
  await page.getByTestId('lot-op-form').getByTestId('op-quantity').fill('120');
  await page.getByRole('button', { name: '确 定' }).locator('visible=true').click();
  await expect(page.getByText(`批次 ${lotNo} 已加入出库车`)).toBeVisible();
  await page.getByTestId('cart-open').click();
  await expect(page.getByTestId('cart-table')).toContainText(lotNo);
  await page.getByTestId('cart-recipient').fill(recipient);
  await page.getByTestId('cart-form').getByRole('switch').click();
  await page.getByTestId('cart-checkout').click();
  await expect(page.getByText(/已生成出库单 OUT-/)).toBeVisible();

  // The dashboard shows one more outbound document to approve.
  await openDashboard(page);
  await expect.poll(() => todoCount(page, '待审核出库单')).toBe(outboundBefore + 1);

  await ws.openMenu('种质资源', '出库');
  const outRow = page.getByTestId('doc-table-outbound').locator('.ant-table-row', { hasText: recipient });
  await outRow.getByTestId('doc-link').click();
  await approveOpenDocument(page);
  await openDashboard(page);
  await expect.poll(() => todoCount(page, '待审核出库单')).toBe(outboundBefore);

  // Stocktake: 370 g counted against 380 g booked.
  await ws.openMenu('种质资源', '盘点');
  await page.getByTestId('doc-add').locator('visible=true').click();
  const stForm = page.getByTestId('doc-form').locator('visible=true');
  const stLine = stForm.getByTestId('doc-line').first();
  await chooseOption(page, stLine.locator('.ant-select').first(), lotNo, lotNo);
  await expect(stLine).toContainText('账面: 380');
  await stLine.getByTestId('doc-line-counted').fill('370');
  await page.getByRole('button', { name: '保 存' }).locator('visible=true').click();
  await expect(docDrawer(page).getByTestId('doc-lines')).toContainText('-10 克');
  await docDrawer(page).getByTestId('doc-submit').click();
  await expect(docDrawer(page).getByTestId('doc-status')).toHaveText('待审核');
  await approveOpenDocument(page);

  // The history of the lot: deposit, withdrawal, adjustment; the balance is their sum.
  await ws.openMenu('种质资源', '库存');
  await page.getByTestId('lot-search').locator('input').fill(lotNo);
  await page.getByTestId('lot-search').locator('input').press('Enter');
  await expect(page.getByText(`已找到批次 ${lotNo}`)).toBeVisible();
  const ledger = page.getByTestId('ledger-table');
  await expect(ledger.locator('.ant-table-row')).toHaveCount(3);
  await expect(ledger.locator('.ant-table-row').nth(0)).toContainText('盘点调整');
  await expect(ledger.locator('.ant-table-row').nth(0)).toContainText('370 克');
  await expect(ledger.locator('.ant-table-row').nth(1)).toContainText('出库');
  await expect(ledger.locator('.ant-table-row').nth(2)).toContainText('+500 克');
  await page.locator('.ant-drawer-open', { has: ledger }).locator('.ant-drawer-close').click();
  await expect(lotRow.getByTestId('lot-quantity')).toHaveText('370 克');

  // Print labels of the lot: a PDF comes back.
  await lotRow.locator('.ant-checkbox-input').check();
  await page.getByTestId('lot-print').click();
  const [pdf, popup] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/germ/api/label/pdf')),
    page.waitForEvent('popup'),
    page.getByRole('button', { name: '打印标签' }).locator('visible=true').last().click(),
  ]);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  // The sheet opens in a new tab, ready to print.
  expect(popup.url()).toMatch(/^blob:/);
});
