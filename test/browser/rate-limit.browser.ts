import { expect, test } from '@playwright/test';
import { logIn, screenshotBothWidths, verifiedAccount } from './support';

/**
 * A Free account has 10 API requests a minute, shared by the dashboard and its keys (the interface fixes the rate).
 * Browsing quickly spends them: the dashboard then says it is waiting, for how long, and which plan allows more,
 * instead of leaving pages on "Loading…".
 */
const email = `rate-${Date.now()}@example.com`;
const password = 'a long password for the rate test';

test.beforeAll(async ({ request }) => {
  await verifiedAccount(request, { email, password, name: 'Rafa Rate' }, { realRate: true });
});

test('a Free account browsing page after page sees the wait counted down, and the plans that lift it', async ({ page }) => {
  await logIn(page, email, password);

  const banner = page.locator('.rate-banner');
  const menu = page.getByRole('navigation', { name: 'Main' });
  // Pages clicked through the menu as a person would, each reading the account's lists, until the minute's requests are
  // spent. Six pages spend them within one rate window; a window that ends among the clicks starts the count again, so
  // the round goes on (at most four times over) rather than counting on where the window's minute falls.
  const pages = ['Renders', 'Batches', 'Templates', 'API keys', 'Webhooks', 'Overview'];
  for (let click = 0; click < pages.length * 4; click += 1) {
    await menu.getByRole('link', { name: pages[click % pages.length], exact: true }).click();
    if (await banner.isVisible()) break;
    await page.waitForLoadState('networkidle');
  }
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(/carries on in\s*\d+ s/);
  await expect(banner).toContainText('Your Free plan allows 10 API requests a minute, shared with your API keys.');
  await expect(banner).toContainText('Creator allows 30 a minute and Studio 60.');
  // The countdown counts.
  const first = Number((await banner.locator('.rate-countdown').innerText()).replace(/\D/g, ''));
  await expect
    .poll(async () => Number((await banner.locator('.rate-countdown').innerText()).replace(/\D/g, '')), { timeout: 5_000 })
    .toBeLessThan(first);
  await screenshotBothWidths(page, 'rate-limit-banner');
});
