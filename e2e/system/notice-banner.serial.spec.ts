import { expect, test } from '@playwright/test';
import { apiToken, call, shot, signedIn, type Lang } from './helpers';

// Notices are organisation-wide (every member sees them), hence a serial spec. Issue 14 item 9: a notice
// shows below the header (never over it) once per user until dismissed; expired notices never show.

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
];

for (const lang of ['en', 'zh-CN'] as Lang[]) {
  test(`a notice shows below the header until the user dismisses it (${lang})`, async ({ browser, page: api }) => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const admin = await apiToken(api, 'admin');
    const notice = await call<{ id: number }>(api, admin, 'POST', '/api/system/notice/create', {
      title: `Seed cleaning ${suffix}`,
      content: `The seed store is closed on Friday for cleaning (${suffix}).`,
      level: 'warning',
      expiresAt: '2099-12-31 23:00:00',
    });
    const expired = await call<{ id: number }>(api, admin, 'POST', '/api/system/notice/create', {
      title: `Old meeting ${suffix}`,
      content: 'Long past.',
      level: 'info',
      expiresAt: '2020-01-01 10:00:00',
    });
    try {
      const token = await apiToken(api, 'breeder');
      const { ctx, page } = await signedIn(browser, token, lang);
      await page.goto('/dashboard');
      const banner = page.getByTestId(`notice-${notice.id}`);
      await expect(banner).toBeVisible();
      await expect(banner).toContainText(`Seed cleaning ${suffix}`);
      await expect(page.getByTestId('notice-banner')).not.toContainText(`Old meeting ${suffix}`);
      // Below the header, not over it: the header's controls stay uncovered.
      const header = await page.locator('.bw-header').boundingBox();
      const box = await banner.boundingBox();
      expect(header && box && box.y >= header.y + header.height - 1).toBeTruthy();
      await expect(page.getByTestId('message-bell')).toBeVisible();
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await expect(banner).toBeVisible();
        await shot(page, `notice-banner-${size.width}`, lang);
      }
      // The banner closes at once; the dismissal is stored by the request it sends (waited for here).
      const dismissed = page.waitForResponse((r) => r.url().includes(`/notice/dismiss/${notice.id}`) && r.request().method() === 'POST');
      await page.getByTestId(`notice-dismiss-${notice.id}`).click();
      await expect(banner).toBeHidden();
      expect((await dismissed).ok()).toBeTruthy();
      // The server no longer lists it for this user (asked directly: the page may navigate while it loads),
      // and after a reload the banner stays away.
      const open = await call<{ id: number }[]>(api, token, 'GET', '/api/auth/api/notice/open');
      expect(open.map((n) => n.id)).not.toContain(notice.id);
      await page.reload();
      await expect(page.getByTestId('message-bell')).toBeVisible();
      await expect(page.getByTestId(`notice-${notice.id}`)).toHaveCount(0);
      // Dismissed for this user only: the administrator still has it.
      const forAdmin = await call<{ id: number }[]>(api, admin, 'GET', '/api/auth/api/notice/open');
      expect(forAdmin.map((n) => n.id)).toContain(notice.id);
      await ctx.close();
    } finally {
      await call(api, admin, 'DELETE', `/api/system/notice/${notice.id}`);
      await call(api, admin, 'DELETE', `/api/system/notice/${expired.id}`);
    }
  });
}
