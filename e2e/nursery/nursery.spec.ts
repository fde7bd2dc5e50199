import { expect, test, type Page } from '@playwright/test';
import { chooseOption, LoginScreen, Workspace } from '../support/pages';

const L = {
  'zh-CN': {
    group: '育种圃',
    designs: '苗圃设计',
    name: '名称',
    code: '编号',
    save: /^保 ?存$/,
    entriesTab: '材料',
    pollinationsTab: '授粉',
    harvestsTab: '收获',
    list: '种植清单',
    females: '母本',
    males: '父本',
    entries: '材料',
    person: '授粉人',
    finished: '已完成',
    success: '成功',
    place: '库位',
    quantity: '每批数量',
    germ: '种质资源',
    inventory: '库存',
    status: '已完成',
  },
  en: {
    group: 'Nursery',
    designs: 'Nursery designs',
    name: 'Name',
    code: 'Code',
    save: /^Save$/,
    entriesTab: 'Entries',
    pollinationsTab: 'Pollinations',
    harvestsTab: 'Harvests',
    list: 'Planting list',
    females: 'Females',
    males: 'Males',
    entries: 'Entries',
    person: 'Person',
    finished: 'Finished',
    success: 'Success',
    place: 'Storage place',
    quantity: 'Quantity per lot',
    germ: 'Germplasm',
    inventory: 'Seed inventory',
    status: 'Finished',
  },
} as const;

const shots = process.env.E2E_SHOTS;
async function shoot(page: Page, name: string) {
  if (!shots) return;
  for (const [w, h] of [
    [1440, 900],
    [1280, 720],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${shots}/${name}-${w}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Picks options of a multiple select, then closes its dropdown. */
async function pickMany(page: Page, select: ReturnType<Page['getByLabel']>, names: string[]) {
  for (const n of names) await chooseOption(page, select, n, new RegExp(`\\. ${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`));
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

for (const lang of ['zh-CN', 'en'] as const) {
  test(`${lang}: plan a nursery from a planting list, cross and self, record success, finish, harvest into seed lots with pedigree and generation`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const l = L[lang];
    const tag = `${lang === 'en' ? 'E' : 'Z'}${Date.now().toString(36).slice(-5).toUpperCase()}`;
    const [A, B, C] = [`MA${tag}`, `MB${tag}`, `MC${tag}`];
    const code = `N${tag}`;
    await page.goto('/login');
    await new LoginScreen(page).login('admin');
    const ws = new Workspace(page);
    await expect(page.getByTestId('side-menu')).toBeVisible();
    if (lang === 'en') await ws.switchLanguage('English');

    // The planting list the nursery is planned from (the DOE screens are tested elsewhere).
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('bw-token')!).v as string);
    const list = await page.request.post('/api/doe/api/germList/create', {
      headers: { token },
      data: {
        name: `List ${tag}`,
        type: 'nursery',
        entries: [
          { entryId: 1, materialName: A, generation: 'F7' },
          { entryId: 2, materialName: B, generation: 'D1' },
          { entryId: 3, materialName: C, generation: 'F1', pedigree: `${A}/${B}` },
        ],
      },
    });
    expect(list.ok()).toBe(true);

    // A nursery: its page opens after saving.
    await ws.openMenu(l.group, l.designs);
    await shoot(page, `nursery-list-${lang}`);
    await page.getByTestId('activity-add').click();
    await shoot(page, `nursery-form-${lang}`);
    const form = page.getByTestId('activity-form');
    await form.getByLabel(l.name).fill(`Nursery ${tag}`);
    await form.getByLabel(l.code).fill(code);
    await page.getByRole('button', { name: l.save }).click();
    await expect(page.getByRole('heading', { name: `${code} · Nursery ${tag}` }).or(page.getByText(`${code} · Nursery ${tag}`))).toBeVisible();

    // Entries from the planting list.
    await page.getByTestId('entry-from-list').click();
    await chooseOption(page, page.getByLabel(l.list), `List ${tag}`, `List ${tag}`);
    await page.getByTestId('entry-from-list-ok').click();
    const entries = page.getByTestId('nursery-entry-table');
    await expect(entries.locator('.ant-table-row')).toHaveCount(3);
    await expect(entries).toContainText(`${code}-003`);
    await shoot(page, `nursery-entries-${lang}`);

    // A cross A x B and a self of C.
    await page.getByRole('tab', { name: l.pollinationsTab }).click();
    await page.getByTestId('plan-cross').click();
    const cross = page.getByTestId('cross-plan-form');
    await pickMany(page, cross.getByLabel(l.females, { exact: true }), [A]);
    await pickMany(page, cross.getByLabel(l.males, { exact: true }), [B]);
    await page.getByRole('button', { name: l.save }).click();
    const table = page.getByTestId('pollination-table');
    await expect(table.locator('.ant-table-row')).toHaveCount(1);
    await page.getByTestId('plan-self').click();
    await pickMany(page, page.getByTestId('self-plan-form').getByLabel(l.entries), [C]);
    await page.getByRole('button', { name: l.save }).click();
    await expect(table.locator('.ant-table-row')).toHaveCount(2);
    const crossRow = table.locator('.ant-table-row', { hasText: `${code}-P001` });
    const selfRow = table.locator('.ant-table-row', { hasText: `${code}-P002` });
    await expect(crossRow).toContainText(`${A}/${B}`);
    await expect(crossRow).toContainText('F1');
    await expect(selfRow).toContainText(`${C}-1`);
    await expect(selfRow).toContainText('F2');

    // Record success for both, then finish them (asked first: irreversible).
    await table.locator('thead .ant-checkbox-input').check();
    await page.getByTestId('pollination-record').click();
    await page.getByTestId('record-form').getByLabel(l.person).fill('Li Ming');
    await page.getByRole('button', { name: l.save }).click();
    await expect(crossRow).toContainText(l.success);
    await expect(selfRow).toContainText(l.success);
    await table.locator('thead .ant-checkbox-input').check();
    await page.getByTestId('pollination-finish').click();
    await page.getByTestId('pollination-finish-ok').click();
    await expect(crossRow).toContainText(l.finished);
    await expect(selfRow).toContainText(l.finished);
    await shoot(page, `nursery-pollinations-${lang}`);

    // Harvest both into seed lots.
    await page.getByRole('tab', { name: l.harvestsTab }).click();
    const waiting = page.getByTestId('harvestable-table');
    await expect(waiting.locator('.ant-table-row')).toHaveCount(2);
    await waiting.locator('thead .ant-checkbox-input').check();
    await page.getByTestId('harvest-open').click();
    const harvest = page.getByTestId('harvest-form');
    await chooseOption(page, harvest.getByLabel(l.place), 'WH1', /WH1/);
    await harvest.getByLabel(l.quantity).fill('250');
    await page.getByRole('button', { name: l.save }).click();
    const done = page.getByTestId('harvest-table');
    await expect(done.locator('.ant-table-row')).toHaveCount(2);
    await expect(done.locator('.ant-table-row', { hasText: `${code}-H001` })).toContainText(`${A}/${B}`);
    await expect(waiting.locator('.ant-table-row')).toHaveCount(0);
    await shoot(page, `nursery-harvest-${lang}`);

    // The seed lots are in the inventory with their pedigree and generation.
    await ws.openMenu(l.germ, l.inventory);
    const search = page.getByTestId('lot-search').locator('input');
    await search.fill(tag);
    await search.press('Enter');
    const lotTable = page.getByTestId('lot-table');
    const lots = lotTable.locator('.ant-table-row', { hasText: `${code}-P001` });
    await expect(lots).toContainText(`${A}/${B}`);
    await expect(lots).toContainText('F1');
    const selfLot = lotTable.locator('.ant-table-row', { hasText: `${C}-1` });
    await expect(selfLot).toContainText(`${A}/${B}`);
    await expect(selfLot).toContainText('F2');
    await expect(selfLot).toContainText('250');
    await shoot(page, `nursery-inventory-${lang}`);
  });
}

test('DH flow template: a formula attribute over the others, an unknown attribute refused, the induction rate computed', async ({ page }) => {
  test.setTimeout(240_000);
  const code = `DH${Date.now().toString(36).slice(-5).toUpperCase()}`;
  await page.goto('/login');
  await new LoginScreen(page).login('admin');
  const ws = new Workspace(page);
  await ws.openMenu('育种圃', 'DH 流程模板');
  await page.getByTestId('dh-flow-add').click();
  const form = page.getByTestId('dh-flow-form');
  await form.getByLabel('名称').first().fill(`诱导流程 ${code}`);
  await form.getByLabel('编码', { exact: true }).fill(code);
  const row = (i: number) => form.locator('.ant-row').filter({ has: page.locator(`#attributes_${i}_name`) });
  await form.locator('#attributes_0_name').fill('总籽粒');
  await form.locator('#attributes_0_code').fill('total');
  await form.getByRole('button', { name: '添加属性' }).click();
  await form.locator('#attributes_1_name').fill('单倍体籽粒');
  await form.locator('#attributes_1_code').fill('haploid');
  await form.getByRole('button', { name: '添加属性' }).click();
  await form.locator('#attributes_2_name').fill('诱导率');
  await form.locator('#attributes_2_code').fill('rate');
  await chooseOption(page, row(2).locator('#attributes_2_type'), '公式', '公式');
  await form.locator('#attributes_2_formula').fill('haploids / total * 100');
  await page.getByRole('button', { name: /^保 ?存$/ }).click();
  await expect(page.getByText('属性 诱导率 的公式引用了不存在的属性 haploids').first()).toBeVisible();
  await form.locator('#attributes_2_formula').fill('haploid / total * 100');
  // The dialog's own save button, whatever icon it carries while the previous refusal settles.
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /保 ?存/ })
    .click();
  const line = page.getByTestId('dh-flow-table').locator('.ant-table-row', { hasText: code });
  await expect(line).toContainText('诱导率 = haploid / total * 100');
  await line.getByText('试算公式').click();
  await page.getByLabel('总籽粒').fill('400');
  await page.getByLabel('单倍体籽粒').fill('38');
  await page.getByTestId('dh-compute').click();
  await expect(page.getByRole('dialog')).toContainText('9.5');
  await shoot(page, 'nursery-dh-flow-zh-CN');
});
