import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/pages';

export type Lang = 'zh-CN' | 'en';

/** A session token through the login API (captcha is off in the browser tests). */
export async function apiToken(page: Page, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await page.request.post('/api/auth/api/login', { form: { username, password } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data.token as string;
}

/** Calls the API as a user and answers `data`, failing the test on a refusal. */
export async function call<T = any>(page: Page, token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(url, { method, headers: { token }, data: data as never });
  const body = await res.json();
  expect(res.ok(), `${method} ${url}: ${JSON.stringify(body)}`).toBeTruthy();
  return body.data as T;
}

/**
 * A browser context already signed in (the token the web keeps in localStorage) and set to a
 * language, so screens open directly by address.
 */
export async function signedIn(browser: Browser, token: string | null, lang: Lang): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext();
  await ctx.addInitScript(
    ([tok, lng]) => {
      if (!sessionStorage.getItem('bw-e2e-init')) {
        localStorage.setItem('bw-lang', JSON.stringify({ v: lng }));
        if (tok) localStorage.setItem('bw-token', JSON.stringify({ v: tok }));
        sessionStorage.setItem('bw-e2e-init', '1');
      }
    },
    [token, lang] as const,
  );
  return { ctx, page: await ctx.newPage() };
}

/** Saves a screenshot under test-results/shots (or SHOTS_DIR), named by screen and language. */
export async function shot(page: Page, name: string, lang: Lang) {
  // Let fonts, icons, data and transitions settle.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Notifications (toasts) would cover the page.
  for (const close of await page.locator('.ant-notification-notice-close').all()) await close.click().catch(() => undefined);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${process.env.SHOTS_DIR ?? 'test-results/shots'}/${name}-${lang === 'en' ? 'en' : 'zh'}.png` });
}
