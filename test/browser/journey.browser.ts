import { type APIResponse, expect, type Page, test } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import {
  decodePng,
  differingFraction,
  logIn,
  operator,
  scaledPng,
  SCREENSHOT_DIR,
  screenshotBothWidths,
  verificationLink,
} from './support';

/**
 * A newcomer's whole way to a video, in a real browser against the real service: sign up, verify
 * from the e-mail, log in, make a key, compose Lisbon → New York by plane, watch the free preview
 * play, render it, watch it complete and play the video. Then the refusals a person meets.
 */
test.describe.configure({ mode: 'serial' });
// A high-density screen, as most people's: the preview is then drawn close to the video's own size.
test.use({ deviceScaleFactor: 2 });

const email = `journey-${Date.now()}@example.com`;
const password = 'a long password for the journey';

async function pickPlace(page: Page, index: number, typed: string, option: RegExp): Promise<void> {
  await page.getByLabel('Place').nth(index).fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

async function composeLisbonToNewYork(page: Page, duration: string): Promise<void> {
  await page.getByRole('link', { name: 'New render' }).first().click();
  await expect(page.getByRole('heading', { name: 'New render' })).toBeVisible();
  await pickPlace(page, 0, 'Lisbon', /^Lisbon/);
  await pickPlace(page, 1, 'New York', /^New York/);
  await page.getByLabel('Then by').first().selectOption('plane');
  await page.getByLabel('Duration (seconds)').fill(duration);
}

/** The frame number the preview shows under it ("Frame 12 of 150"). */
async function previewFrame(page: Page): Promise<number> {
  const text = (await page.getByTestId('preview-frame').textContent()) ?? '';
  return Number(/Frame (\d+) of/.exec(text)?.[1] ?? 0);
}

/**
 * The preview's stage as PNG once it shows `frame` (1-based, as the page counts) clean and drawn: the Player's controls
 * gone (the page drops them after First frame / Last frame) and two screenshots in a row alike (the map drawn).
 */
async function previewStill(page: Page, frame: number): Promise<Buffer> {
  await page.mouse.move(0, 0);
  const stage = page.locator('.preview-stage');
  await expect.poll(() => previewFrame(page)).toBe(frame);
  await expect(stage.getByRole('button', { name: /Play video|Pause video/ })).toHaveCount(0);
  let shot = await stage.screenshot();
  await expect
    .poll(async () => {
      const previous = shot;
      shot = await stage.screenshot();
      return shot.equals(previous);
    })
    .toBe(true);
  return shot;
}

/** The session's bearer token, as the dashboard keeps it. */
async function sessionToken(page: Page): Promise<string> {
  return page.evaluate(() => (JSON.parse(sessionStorage.getItem('mapr.session')!) as { token: string }).token);
}

/**
 * Sets the account's plan with the operator CLI, which tells the running service at once (over its Redis), and waits
 * until the API answers with it: `observe` reads what the change shows in an API response (a header, a limit).
 */
async function changePlan<T>(page: Page, args: string[], observe: (response: APIResponse) => Promise<T>, expected: T): Promise<void> {
  const { stderr } = operator('account:set-tier', email, ...args);
  expect(stderr).toContain('at once');
  const token = await sessionToken(page);
  await expect
    .poll(async () => observe(await page.request.get('/v1/account', { headers: { Authorization: `Bearer ${token}` } })))
    .toEqual(expected);
}

test('sign up, verify, log in, key, compose, preview, render, watch', async ({ page, context }) => {
  // Sign up: the dashboard logs the new account in and waits for the e-mail.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await screenshotBothWidths(page, 'login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Name').fill('Ana Journey');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await screenshotBothWidths(page, 'signup');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await screenshotBothWidths(page, 'verify-pending');

  // The link from the e-mail, opened in another tab as a person would.
  const mail = await context.newPage();
  await mail.goto(verificationLink(email));
  await expect(mail.getByRole('heading', { name: 'E-mail verified' })).toBeVisible();
  await mail.close();
  await page.getByRole('button', { name: 'I have opened the link' }).click();
  await expect(page.getByRole('heading', { name: 'E-mail verified' })).toBeVisible();

  // The rate limit has its own tests: this account may click freely (the API's header says so).
  await changePlan(page, ['free', '--requests-per-minute', '600'], async (res) => res.headers()['x-ratelimit-limit'], '600');

  // Log out and in again.
  await page.getByRole('button', { name: 'Make your first video' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // Back where the session ended.
  await expect(page.getByRole('heading', { name: 'New render' })).toBeVisible();
  await page.getByRole('link', { name: 'Overview', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByText('0 of 5 used')).toBeVisible();
  await screenshotBothWidths(page, 'overview');

  // A live key, shown once.
  await page.getByRole('link', { name: 'API keys', exact: true }).click();
  await page.getByLabel('Name').fill('laptop');
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText(/mapr_live_[A-Za-z0-9]{20,}/)).toBeVisible();
  await screenshotBothWidths(page, 'api-keys');

  // Compose and preview: the video plays in the page before anything is spent.
  await composeLisbonToNewYork(page, '5');
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.locator('.preview-stage')).toBeVisible();
  // The keyboard stays with the form: the playing preview does not take the focus (it once moved it to its Pause button).
  await expect(page.getByRole('button', { name: 'Update preview' })).toBeFocused();
  // Still there once the preview has played a good many frames (150 in all, then it loops).
  const playedFrom = await previewFrame(page);
  await expect.poll(async () => ((await previewFrame(page)) - playedFrom + 150) % 150).toBeGreaterThanOrEqual(15);
  expect(await page.evaluate(() => document.activeElement?.closest('.preview-stage') === null)).toBe(true);
  await expect(page.getByRole('button', { name: 'Update preview' })).toBeFocused();
  await page.getByRole('button', { name: 'First frame' }).click();
  const first = decodePng(await previewStill(page, 1));
  await page.getByRole('button', { name: 'Last frame' }).click();
  await expect(page.getByTestId('preview-frame')).toContainText('Frame 150 of 150');
  const lastBuffer = await previewStill(page, 150);
  const last = decodePng(lastBuffer);
  expect(differingFraction(first, last)).toBeGreaterThan(0.01);
  await screenshotBothWidths(page, 'compose');
  // What a person sees on arrival at the composer's top, preview beside the form (the README shows it).
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'compose-preview-viewport.png') });
  await expect(page.getByText('1 of your 5 remaining renders')).toBeVisible();

  // Render it and watch it complete.
  await page.getByRole('button', { name: 'Render video' }).click();
  await expect(page).toHaveURL(/\/renders\/job_/);
  const jobId = page.url().split('/renders/')[1]!;
  await expect(page.locator('.badge-complete').first()).toBeVisible({ timeout: 180_000 });
  const video = page.locator('video');
  await expect(video).toHaveAttribute('src', /\.mp4/);
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.2);
  expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeCloseTo(5, 0);
  await screenshotBothWidths(page, 'render');

  // The preview's last frame is the video's last frame: compare it with the job's thumbnail.
  const token = await sessionToken(page);
  const job = await (await page.request.get(`/v1/render/${jobId}`, { headers: { Authorization: `Bearer ${token}` } })).json();
  expect(job.thumbnail_url).toMatch(/^http/);
  const thumbnailResponse = await page.request.get(job.thumbnail_url);
  expect(thumbnailResponse.status()).toBe(200);
  const thumbnail = await thumbnailResponse.body();
  // Both brought to one size by one filter: the page scaled the preview with the browser's own, so at
  // full size every edge would differ by resampling alone. 480 px wide still shows every label and line.
  const width = 480;
  const height = Math.round((width * last.height) / last.width);
  const previewSmall = scaledPng(lastBuffer, width, height);
  const thumbnailSmall = scaledPng(thumbnail, width, height);
  writeFileSync(join(SCREENSHOT_DIR, 'preview-last-frame.png'), PNG.sync.write(previewSmall));
  writeFileSync(join(SCREENSHOT_DIR, 'thumbnail.png'), PNG.sync.write(thumbnailSmall));
  const difference = differingFraction(previewSmall, thumbnailSmall);
  console.log(`preview last frame vs thumbnail: ${(difference * 100).toFixed(2)} % of pixels differ`);
  expect(difference).toBeLessThan(0.02);

  // The list shows it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Renders' }).click();
  await expect(page.locator(`a[href="/renders/${jobId}"]`).first()).toBeVisible();
  await screenshotBothWidths(page, 'renders');
});

test('refusals are shown with the API’s message: unknown place, too long for any plan, quota used up', async ({ page }) => {
  await logIn(page, email, password);

  // An unknown place: the preview says which and suggests names.
  await page.getByRole('link', { name: 'New render' }).first().click();
  await pickPlace(page, 0, 'Lisbon', /^Lisbon/);
  await page.getByLabel('Place').nth(1).fill('Atlantis Under The Sea');
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const noPreview = page.getByRole('alert').filter({ hasText: 'No preview' });
  await expect(noPreview).toContainText('VALIDATION_ERROR');
  await expect(page.locator('.field-error').first()).toContainText(/Atlantis/);

  // Longer than any plan renders: the preview is refused too.
  await pickPlace(page, 1, 'New York', /^New York/);
  await page.getByLabel('Duration (seconds)').fill('60');
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.locator('.field-error').filter({ hasText: /45/ }).first()).toBeVisible();
  await expect(page.getByLabel('Duration (seconds)')).toBeFocused();
  await screenshotBothWidths(page, 'compose-error');

  // The month's renders used up (support lowers the quota to what is already used).
  await changePlan(
    page,
    ['free', '--requests-per-minute', '600', '--renders-per-month', '1'],
    async (res) => ((await res.json()) as { limits: { renders_per_month: number } }).limits.renders_per_month,
    1,
  );
  await page.getByLabel('Duration (seconds)').fill('5');
  await page.getByRole('button', { name: 'Render video' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'The render was not accepted' });
  await expect(refused).toContainText('RENDER_LIMIT_EXCEEDED');
  await expect(page).toHaveURL(/\/render\/new$/);
});
