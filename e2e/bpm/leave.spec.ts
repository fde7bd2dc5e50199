import { expect, test } from '@playwright/test';
import { apiToken, shot, signedIn } from '../system/helpers';

/**
 * Issue 15, item 7: a leave request start to finish. The breeder requests two days of leave (typed into
 * the date-range picker), the administrator (the seeded leave process's default approver) approves it
 * from the to-do list with a comment, and the request's detail shows it approved, in both languages.
 */
for (const lang of ['zh-CN', 'en'] as const) {
  test(`leave request: create, approve from to-do, detail shows approved (${lang})`, async ({ page, browser }) => {
    test.setTimeout(180_000);
    const en = lang === 'en';
    const reason = `e2e leave ${lang} ${Date.now().toString(36)}`;
    const [start, end] = en ? ['2027-03-01', '2027-03-02'] : ['2027-04-05', '2027-04-06'];

    const breeder = await apiToken(page, 'breeder');
    const b = await signedIn(browser, breeder, lang);
    await b.page.setViewportSize({ width: 1440, height: 900 });
    await b.page.goto('/bpm/oa/leave/create');
    const inputs = b.page.getByTestId('leave-form').locator('.ant-picker-range input');
    await inputs.nth(0).click();
    await inputs.nth(0).fill(start);
    await inputs.nth(0).press('Enter');
    await inputs.nth(1).fill(end);
    await inputs.nth(1).press('Enter');
    await b.page.getByTestId('leave-reason').fill(reason);
    await shot(b.page, 'bpm-leave-create', lang);
    await b.page.getByTestId('leave-submit').click();
    await b.page.waitForURL(/\/bpm\/oa\/leave\/detail\/\d+$/);
    const leaveId = b.page.url().split('/').pop()!;
    const detail = b.page.getByTestId('leave-detail');
    await expect(detail).toContainText(`${start} ~ ${end}`);
    await expect(detail).toContainText(reason);
    // The request's own card (the create page stays open in its tab): its title carries the status.
    const title = b.page.locator('.ant-card', { has: detail }).locator('.ant-card-head-title');
    await expect(title).toContainText(en ? 'Running' : '进行中');

    // The approver finds it in the to-do list by its business key and approves with a comment.
    const admin = await apiToken(page, 'admin');
    const a = await signedIn(browser, admin, lang);
    await a.page.setViewportSize({ width: 1440, height: 900 });
    await a.page.goto('/bpm/task/todo');
    const row = a.page
      .getByTestId('bpm-todo-table')
      .locator('.ant-table-row')
      .filter({ has: a.page.getByTestId('task-business-key').getByText(leaveId, { exact: true }) });
    await expect(row).toHaveCount(1);
    await row.getByTestId('task-approve').click();
    await a.page.getByTestId('task-comment').fill(en ? 'Enjoy the break' : '同意，注意安全');
    await a.page.getByTestId('task-decide-ok').click();
    await expect(row).toHaveCount(0);
    await a.ctx.close();

    // The breeder's detail shows the request approved.
    await b.page.reload();
    await expect(title).toContainText(en ? 'Approved' : '已通过');
    await expect(b.page.getByTestId('leave-detail')).toContainText(reason);
    for (const s of [
      { width: 1440, height: 900 },
      { width: 1280, height: 720 },
    ]) {
      await b.page.setViewportSize(s);
      await shot(b.page, `bpm-leave-detail-${s.width}`, lang);
    }
    await b.ctx.close();
  });
}
