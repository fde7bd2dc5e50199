import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { chooseOption, LoginScreen, Workspace } from '../support/pages';

const L = {
  'zh-CN': {
    group: '育种圃',
    batches: 'DH 批次',
    source: 'D0 材料',
    listName: '清单名称',
    fieldNo: '田间编号',
    germCount: '粒数',
    batchNo: '批次号',
    taskName: '任务名称',
    flow: '流程模板',
    save: /^保 ?存$/,
    fieldCodeError: 'DH 田间编号须为字母，或字母加数字，至少两个字符',
    countError: '录入数量 500 须在 1 到 400 之间（上一步留下的数量）',
    steps: ['诱导', '单倍体鉴定', '染色体加倍', '移栽', 'D0 自交'],
    place: '库位',
    quantity: '数量',
    total: '总籽粒',
    haploid: '单倍体籽粒',
    chain: ['杂交', '收获', 'DH 诱导', 'DH 批次', 'D1 种子批次'],
  },
  en: {
    group: 'Nursery',
    batches: 'DH batches',
    source: 'D0 material',
    listName: 'List name',
    fieldNo: 'Field code',
    germCount: 'Germ count',
    batchNo: 'Batch number',
    taskName: 'Task name',
    flow: 'Flow template',
    save: /^Save$/,
    fieldCodeError: 'A DH field code is letters, or letters followed by digits, at least two characters',
    countError: 'The entered number 500 must be 1 to 400 (what the step before carried on)',
    steps: ['Induction', 'Haploid identification', 'Chromosome doubling', 'Transplanting', 'D0 selfing'],
    place: 'Storage place',
    quantity: 'Quantity',
    total: 'Total kernels',
    haploid: 'Haploid kernels',
    chain: ['Cross', 'Harvest', 'DH induction', 'DH batch', 'D1 seed lot'],
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
    await page.screenshot({ path: `${shots}/${name}-${w}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The source of the DH batch, through the API (the nursery screens are tested in nursery.spec.ts): A x B harvested as F1, the F1 DH-induced and harvested as D0. */
async function d0Source(request: APIRequestContext, token: string, tag: string) {
  const call = async (method: 'get' | 'post' | 'put', url: string, data?: unknown) => {
    const res = await request[method](url, { headers: { token }, ...(method === 'get' ? { params: data as Record<string, string> } : { data }) });
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
    return (await res.json()) as { data: never; rows: never };
  };
  const N = '/api/nursery/api';
  const places = (await call('get', '/api/germ/api/place/list')).data as { id: number; code: string }[];
  const placeId = places.find((p) => p.code === 'WH1')?.id ?? places[0].id;
  await call('post', `${N}/dhFlow/create`, {
    name: `Flow ${tag}`,
    code: `F${tag}`,
    attributes: [
      { name: 'Total kernels', code: 'total', type: 'number', order: 1 },
      { name: 'Haploid kernels', code: 'haploid', type: 'number', order: 2 },
      { name: 'Induction rate', code: 'rate', type: 'formula', order: 3, formula: 'haploid / total * 100' },
    ],
  });
  const harvestOne = async (activityId: number) => {
    const [p] = (await call('get', `${N}/pollination/page`, { activityId: String(activityId) })).rows as { id: number }[];
    await call('put', `${N}/pollination/record`, { ids: [p.id], date: '2026-07-10', person: 'Li', bags: 2, result: 'success' });
    await call('put', `${N}/pollination/finish`, { ids: [p.id] });
    await call('post', `${N}/harvest/create`, { activityId, pollinationIds: [p.id], harvestType: 'bulk', placeId, unit: 'g', quantity: 50 });
    return ((await call('get', `${N}/harvest/page`, { activityId: String(activityId) })).rows as { germplasmId: number }[])[0];
  };
  const list = (
    await call('post', '/api/doe/api/germList/create', {
      name: `DH list ${tag}`,
      type: 'nursery',
      entries: [
        { entryId: 1, materialName: `DA${tag}`, generation: 'F7' },
        { entryId: 2, materialName: `DB${tag}`, generation: 'F7' },
      ],
    })
  ).data as { id: number };
  const n1 = (await call('post', `${N}/activity/create`, { name: `Cross ${tag}`, code: `X${tag}`, year: 2025, season: 'summer' })).data as { id: number };
  await call('post', `${N}/entry/fromList`, { activityId: n1.id, germListId: list.id });
  const e1 = (await call('get', `${N}/entry/page`, { activityId: String(n1.id) })).rows as { id: number }[];
  await call('post', `${N}/pollination/planCross`, { activityId: n1.id, femaleEntryIds: [e1[0].id], maleEntryIds: [e1[1].id], mode: 'factorial' });
  const f1 = await harvestOne(n1.id);
  const n2 = (await call('post', `${N}/activity/create`, { name: `Induction ${tag}`, code: `I${tag}`, year: 2026, season: 'spring' })).data as { id: number };
  await call('post', `${N}/entry/fromGermplasm`, { activityId: n2.id, germplasmIds: [f1.germplasmId] });
  const [e2] = (await call('get', `${N}/entry/page`, { activityId: String(n2.id) })).rows as { id: number }[];
  await call('post', `${N}/pollination/planSelf`, { activityId: n2.id, type: 'dh', entryIds: [e2.id] });
  await harvestOne(n2.id);
  return { cross: `X${tag}-P001`, induction: `I${tag}-P001`, d0: `X${tag}-P001-DH1` };
}

for (const lang of ['zh-CN', 'en'] as const) {
  test(`${lang}: a DH batch from a DH induction's harvest carried through every step to a D1 lot, with its event chain`, async ({ page }) => {
    test.setTimeout(300_000);
    const l = L[lang];
    const tag = `${lang === 'en' ? 'E' : 'Z'}${Date.now().toString(36).slice(-5).toUpperCase()}`;
    await page.goto('/login');
    await new LoginScreen(page).login('admin');
    const ws = new Workspace(page);
    await expect(page.getByTestId('side-menu')).toBeVisible();
    if (lang === 'en') await ws.switchLanguage('English');
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('bw-token')!).v as string);
    const src = await d0Source(page.request, token, tag);

    // A new batch: the field code rule is checked, then the batch page opens.
    await ws.openMenu(l.group, l.batches);
    await page.getByTestId('dh-entry-add').click();
    const form = page.getByTestId('dh-entry-form');
    await chooseOption(page, form.getByLabel(l.source), src.d0, new RegExp(src.d0));
    await form.getByLabel(l.listName).fill(`DH list ${tag}`);
    await form.getByLabel(l.fieldNo).fill('1A');
    await form.getByLabel(l.germCount).fill('400');
    await form.getByLabel(l.batchNo).fill(`B${tag}`);
    await form.getByLabel(l.taskName).fill(`Task ${tag}`);
    await chooseOption(page, form.getByLabel(l.flow), `F${tag}`, new RegExp(`F${tag}`));
    await shoot(page, `nursery-dh-entry-form-${lang}`);
    await page.getByRole('button', { name: l.save }).click();
    await expect(form.getByText(l.fieldCodeError)).toBeVisible();
    await form.getByLabel(l.fieldNo).fill('DH7');
    await page.getByRole('button', { name: l.save }).click();
    await expect(page.getByText(`B${tag} · ${src.d0}`, { exact: true })).toBeVisible();

    // The five steps, in order; the entered number cannot exceed what the step before carried on.
    const counts = [400, 38, 30, 25, 20];
    for (let i = 0; i < 5; i++) {
      await page.locator('[data-testid=dh-record-next]:visible').click();
      await expect(page.getByTestId('dh-event-step')).toHaveValue(l.steps[i]);
      if (i === 0) {
        await page.getByTestId('dh-event-count').fill('500');
        await page.getByTestId('dh-value-total').fill('400');
        await page.getByTestId('dh-value-haploid').fill('38');
        await page.getByTestId('dh-event-save').click();
        await expect(page.getByText(l.countError).first()).toBeVisible();
        await shoot(page, `nursery-dh-event-add-${lang}`);
      }
      await page.getByTestId('dh-event-count').fill(String(counts[i]));
      if (i === 4) {
        await chooseOption(page, page.getByLabel(l.place), 'WH1', /WH1/);
        await page.getByTestId('dh-event-quantity').fill('120');
      }
      await page.getByTestId('dh-event-save').click();
      // The event's own page, then back to the batch.
      if (i === 0) {
        await expect(page.getByTestId('dh-view-rate')).toHaveText('9.5');
        await shoot(page, `nursery-dh-event-view-${lang}`);
      }
      await page.locator('[data-testid=dh-event-batch-link]:visible').click();
    }

    // The batch reached its D1 lot, and its chain runs from the source cross to that lot.
    const lotNo = (await page.getByTestId('dh-lot-no').textContent())!.trim();
    expect(lotNo).not.toBe('—');
    await expect(page.getByTestId('dh-record-next')).toHaveCount(0);
    const chain = page.getByTestId('dh-chain');
    await expect(chain.getByTestId('dh-chain-cross')).toContainText(`${l.chain[0]} ${src.cross}`);
    await expect(chain.getByTestId('dh-chain-induction')).toContainText(`${l.chain[2]} ${src.induction}`);
    await expect(chain.getByTestId('dh-chain-entry')).toContainText(`B${tag}`);
    await expect(chain.getByTestId('dh-chain-event')).toHaveCount(5);
    for (const s of l.steps) await expect(chain).toContainText(s);
    await expect(chain.getByTestId('dh-chain-lot')).toContainText(lotNo);
    await shoot(page, `nursery-dh-entry-detail-${lang}`);
  });
}
