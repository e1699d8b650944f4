import { expect, type Locator, type Page, test } from '@playwright/test';
import { join } from 'node:path';
import { logIn, SCREENSHOT_DIR, screenshotBothWidths, verifiedAccount } from './support';

/**
 * Errors where the eye is, on the composer: a refused render or preview is listed at the top of the form, each line
 * linking to its field, and focus moves to the first field at fault, scrolled into view. A video longer than the plan
 * renders still previews (contract §15) while the Render button says which plan lifts the limit.
 */
const email = `limits-${Date.now()}@example.com`;
const password = 'a long password for the limits';

test.beforeAll(async ({ request }) => {
  await verifiedAccount(request, { email, password, name: 'Lia Limits' });
});

test.beforeEach(async ({ page }) => {
  await logIn(page, email, password);
});

async function pickPlace(page: Page, index: number, typed: string, option: RegExp): Promise<void> {
  await page.getByLabel('Place').nth(index).fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

/** The element is inside the viewport, top to bottom (not merely attached or scrolled past). */
async function expectInViewport(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a refused render's first invalid field is scrolled into view and focused (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/render/new');
    await expect(page.getByRole('heading', { name: 'New render' })).toBeVisible();

    // The service refuses an unknown place: its field, far up the form, gets focus; the summary links to it.
    await pickPlace(page, 0, 'Lisbon', /^Lisbon/);
    await page.getByLabel('Place').nth(1).fill('Atlantis Under The Sea');
    const render = page.getByRole('button', { name: 'Render video' });
    await render.scrollIntoViewIfNeeded();
    await render.click();
    const summary = page.getByRole('alert').filter({ hasText: 'The render was not accepted' });
    await expect(summary).toContainText('Atlantis');
    await expect(summary).toContainText('VALIDATION_ERROR');
    const place = page.getByLabel('Place').nth(1);
    await expect(place).toBeFocused();
    await expectInViewport(page, place);
    await expect(page).toHaveURL(/\/render\/new$/);

    // Longer than Free renders: refused before anything is sent, the duration focused, the plan that lifts it linked.
    await pickPlace(page, 1, 'New York', /^New York/);
    await page.getByLabel('Duration (seconds)').fill('30');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await render.click();
    const planSummary = page.getByRole('alert').filter({ hasText: 'Your plan does not render this video yet' });
    await expect(planSummary).toContainText('30 s is longer than your Free plan renders (up to 10 s)');
    const duration = page.getByLabel('Duration (seconds)');
    await expect(duration).toBeFocused();
    await expectInViewport(page, duration);
    await expect(planSummary.getByRole('link', { name: '30 s is longer' })).toHaveAttribute('href', '#field-duration');
    await expect(planSummary.getByRole('link', { name: 'See the Studio plan' })).toHaveAttribute('href', '/#plan');

    // The summary's line takes focus back to its field from anywhere on the page.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await planSummary.scrollIntoViewIfNeeded();
    await planSummary.getByRole('link', { name: '30 s is longer' }).click();
    await expect(duration).toBeFocused();
    await expectInViewport(page, duration);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
  });
}

test('a 15 s preview on Free plays while the Render button explains the limit', async ({ page }) => {
  await page.goto('/render/new');
  await expect(page.getByRole('heading', { name: 'New render' })).toBeVisible();
  await expect(page.getByLabel('Duration (seconds)')).toHaveAttribute('max', '45');
  await expect(page.getByText('Up to 10 s on your Free plan; previews play up to 45 s.')).toBeVisible();
  await expect(page.getByRole('option', { name: '1080p · Creator plan' })).toBeAttached();

  await pickPlace(page, 0, 'Lisbon', /^Lisbon/);
  await pickPlace(page, 1, 'New York', /^New York/);
  await page.getByLabel('Duration (seconds)').fill('15');
  await page.getByRole('button', { name: 'Preview', exact: true }).click();

  // It plays: 450 frames, the counter moving on its own.
  const counter = page.getByTestId('preview-frame');
  await expect(counter).toContainText('of 450');
  const frameNow = async () => Number(/Frame (\d+)/.exec((await counter.textContent()) ?? '')?.[1] ?? 0);
  const first = await frameNow();
  await expect.poll(frameNow, { timeout: 15_000 }).toBeGreaterThan(first + 10);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // The render would be refused: said beside its button, from the preview's render_refusals, with the plan that lifts it.
  const blockers = page.locator('#render-blockers');
  await expect(blockers).toContainText('duration 15 s exceeds the free tier maximum of 10 s');
  await expect(blockers.getByRole('link', { name: 'See the Creator plan' })).toHaveAttribute('href', '/#plan');
  await expect(page.getByRole('button', { name: 'Render video' })).toHaveAttribute('aria-describedby', 'render-blockers');

  // Pressing it sends nothing: the summary at the top, the duration focused; the preview keeps playing.
  await page.getByRole('button', { name: 'Render video' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Your plan does not render this video yet' });
  await expect(summary).toContainText('the Creator plan renders up to 15 s');
  await expect(page.getByLabel('Duration (seconds)')).toBeFocused();
  await expect(page).toHaveURL(/\/render\/new$/);
  await expect(counter).toContainText('of 450');

  // The look of it, at desktop and phone width (no sideways scrolling): the summary at the form's top in view.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'compose-error-summary-viewport-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await summary.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'compose-error-summary-viewport-phone.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshotBothWidths(page, 'compose-error-summary');

  // The link leads to the plans and how to change them.
  await summary.getByRole('link', { name: 'See the Creator plan' }).click();
  await expect(page).toHaveURL(/\/#plan$/);
  const plans = page.locator('#plan');
  await expect(plans.getByRole('row', { name: /Creator/ })).toContainText('15 s');
  await expect(plans).toContainText('To change plan, ask whoever runs this service');
  await expectInViewport(page, plans.getByRole('heading', { name: 'Plans' }));
  await screenshotBothWidths(page, 'overview-plans');
});
