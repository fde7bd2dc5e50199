import { expect, test } from '@playwright/test';
import { apiToken, shot, signedIn } from '../system/helpers';

/**
 * Issue 15: the administration screens of the workflow show the seeded models, versions, rules, groups
 * in both languages; the header badge opens the to-do list.
 */
for (const lang of ['zh-CN', 'en'] as const) {
  test(`workflow screens: models, definitions, rules, user groups and the header badge (${lang})`, async ({ page, browser }) => {
    test.setTimeout(180_000);
    const en = lang === 'en';
    const admin = await apiToken(page, 'admin');
    const { ctx, page: p } = await signedIn(browser, admin, lang);
    const sizes = [
      { width: 1440, height: 900 },
      { width: 1280, height: 720 },
    ];

    await p.goto('/bpm/manager/model');
    const models = p.getByTestId('bpm-model-table');
    await expect(models.locator('.ant-table-row', { hasText: 'one-step-approval' })).toContainText('v1');
    for (const s of sizes) {
      await p.setViewportSize(s);
      await shot(p, `bpm-models-${s.width}`, lang);
    }

    await p.goto('/bpm/manager/definition');
    const defs = p.getByTestId('bpm-definition-table');
    const leaveDef = defs.locator('.ant-table-row', { hasText: 'leave-request' });
    await expect(leaveDef).toContainText(en ? 'Active' : '激活');
    await shot(p, 'bpm-definitions', lang);
    await leaveDef.getByTestId('definition-rules').click();
    await expect(p.getByTestId('rule-supervisor')).toBeVisible();
    await expect(p.getByTestId('rule-head')).toBeVisible();
    await shot(p, 'bpm-rules', lang);

    await p.goto('/bpm/manager/user-group');
    await expect(p.getByTestId('group-table').locator('.ant-table-row', { hasText: '种质审核小组' })).toBeVisible();
    await shot(p, 'bpm-groups', lang);

    // The header badge leads to the to-do list.
    await p.getByTestId('bpm-todo-badge').click();
    await expect(p.getByTestId('bpm-todo-table').locator('.ant-table-row').first()).toBeVisible();
    await ctx.close();
  });
}
