import { expect, test } from '@playwright/test';
import { operator, screenshotBothWidths, verificationLink } from './support';

/**
 * Every page opens by its own address (a bookmark, a reload), reads well at desktop and phone width,
 * and the composer works from the keyboard alone.
 */
const email = `pages-${Date.now()}@example.com`;
const password = 'a long password for the pages';

test.beforeAll(async ({ request }) => {
  await request.post('/v1/auth/register', { data: { email, password, name: 'Pia Pages' } });
  const verified = await request.get(verificationLink(email));
  expect(verified.ok()).toBe(true);
  operator('account:set-tier', email, 'free', '--requests-per-minute', '600');
});

test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
});

const PAGES: [path: string, heading: string, name: string][] = [
  ['/renders', 'Renders', 'renders-empty'],
  ['/batches', 'Batches', 'batches'],
  ['/templates', 'Templates', 'templates'],
  ['/keys', 'API keys', 'api-keys-empty'],
  ['/webhooks', 'Webhooks', 'webhooks'],
  ['/render/new', 'New render', 'compose-empty'],
];

for (const [path, heading, name] of PAGES) {
  test(`${path} opens directly and fits a phone`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await screenshotBothWidths(page, name);
  });
}

test('the built-in templates are listed', async ({ page }) => {
  await page.goto('/templates');
  await expect(page.getByText('Dark shipping').first()).toBeVisible();
});

test('the webhook secret stays hidden until revealed', async ({ page }) => {
  await page.goto('/webhooks');
  await expect(page.getByText(/whsec_[A-Za-z0-9+/_-]{20,}/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect(page.getByText(/whsec_[A-Za-z0-9+/_-]{20,}/)).toBeVisible();
});

test('the composer works from the keyboard: skip link, place search with arrows and Enter', async ({ page }) => {
  await page.goto('/render/new');
  await expect(page.getByRole('heading', { name: 'New render' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  const place = page.getByLabel('Place').first();
  await place.focus();
  await page.keyboard.type('Lisb');
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(place).toHaveValue('Lisbon');
  await expect(page.getByRole('listbox')).toHaveCount(0);
});

// Leaving a place field and typing into it again at once (a click on Preview, an error back within a blink, a
// correction) must open the suggestions: a close scheduled by the first blur once shut the list the typing opened.
test('place suggestions open when a field is left and typed into again at once', async ({ page }) => {
  await page.goto('/render/new');
  const place = page.getByLabel('Place').nth(1);
  await place.fill('Atlantis Under The Sea');
  await page.getByRole('heading', { name: 'New render' }).click();
  await place.fill('New York');
  await expect(page.getByRole('option', { name: /^New York/ }).first()).toBeVisible({ timeout: 5_000 });
});

test('a job that does not exist is a clear message, not a blank page', async ({ page }) => {
  await page.goto('/renders/job_doesnotexist');
  await expect(page.getByRole('alert')).toContainText(/not found|No render/i);
});
