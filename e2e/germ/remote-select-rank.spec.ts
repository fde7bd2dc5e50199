// Issue 14 item 8: remote selects list an exact match first, then those starting with what was typed,
// then those containing it (typing "郑58" lists 郑58 before 郑58×Mo17).
import { expect, test } from '@playwright/test';
import { apiToken, call, signedIn } from '../system/helpers';

test('the parent picker lists the exact match first, then prefixes, then the names that contain it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const tag = Math.random().toString(36).slice(2, 7).toUpperCase();
  const token = await apiToken(page, 'admin');
  const key = `郑${tag}`;
  // Created in the reverse order, so their accession numbers (the picker's own order) sort the other way round.
  const ranked = [key, `${key}×Mo17`, `京${key}改`];
  for (const [i, name] of [...ranked].reverse().entries())
    await call(page, token, 'POST', '/api/germ/api/germplasm/create', { accessionNo: `E2ER${tag}-${i}`, name, type: 'inbred' });

  const { ctx, page: p } = await signedIn(browser, token, 'zh-CN');
  await p.goto('/germ/germplasm');
  await p.getByTestId('germplasm-add').filter({ visible: true }).click();
  await p.getByTestId('female-parent').click();
  await p.keyboard.type(key);
  const options = p.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveText([`E2ER${tag}-2 ${ranked[0]}`, `E2ER${tag}-1 ${ranked[1]}`, `E2ER${tag}-0 ${ranked[2]}`]);
  await ctx.close();
});
