import { expect, type Locator, type Page, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ageSession, logIn, passwordResetLink, SCREENSHOT_DIR, screenshotBothWidths, verificationLink, verifiedAccount } from './support';

/**
 * Every page opens by its own address (a bookmark, a reload), reads well at desktop and phone width,
 * the composer works from the keyboard alone, and its camera tells the story presets of contract §19.
 */
const email = `pages-${Date.now()}@example.com`;
const password = 'a long password for the pages';

test.beforeAll(async ({ request }) => {
  await verifiedAccount(request, { email, password, name: 'Pia Pages' });
});

test.beforeEach(async ({ page }) => {
  await logIn(page, email, password);
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

test('a session over an hour old gives the password again before it reveals or rotates the signing secret or revokes a key', async ({
  page,
}) => {
  // A key to revoke, made while the session is fresh.
  await page.goto('/keys');
  await page.getByLabel('Name').fill('old laptop');
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.getByRole('button', { name: 'I have copied it' }).click();

  await ageSession(page);
  await page.goto('/webhooks');
  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect(page.getByText('You logged in more than an hour ago: confirm it is you to see the signing secret.')).toBeVisible();
  await expect(page.getByLabel('Webhook signing secret', { exact: true })).toHaveCount(0);
  await screenshotBothWidths(page, 'webhooks-confirm-its-you');
  await page.getByLabel('Your password').fill('not my password');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('The password is wrong.')).toBeVisible();
  await page.getByLabel('Your password').fill(password);
  await page.getByRole('button', { name: 'Confirm' }).click();
  // Logged in again: the secret is shown, and the page goes on with the fresh session.
  await expect(page.getByLabel('Webhook signing secret', { exact: true })).toContainText('whsec_');

  await ageSession(page);
  await page.goto('/keys');
  const row = page.getByRole('row', { name: /old laptop/ });
  await row.getByRole('button', { name: 'Revoke' }).click();
  await row.getByRole('button', { name: 'Revoke key' }).click();
  await expect(row.getByText('confirm it is you to revoke “old laptop”')).toBeVisible();
  await row.getByLabel('Your password').fill(password);
  await row.getByRole('button', { name: 'Confirm' }).click();
  await expect(row.getByText('Revoked')).toBeVisible();
});

test('an account whose address is not verified yet is told on the keys page that keys wait for it', async ({ page, request }) => {
  const unverified = `unverified-${Date.now()}@example.com`;
  await request.post('/v1/auth/register', { data: { email: unverified, password, name: 'Uma Unverified' } });
  await page.getByRole('button', { name: 'Log out' }).click();
  await logIn(page, unverified, password);
  await page.goto('/keys');
  await expect(page.getByText('Verify your e-mail address first: keys are made for verified addresses only')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create key' })).toHaveCount(0);
  await screenshotBothWidths(page, 'api-keys-unverified');
  // Verified in another tab: the page lets the key be made once asked to look again.
  expect((await request.get(verificationLink(unverified))).ok()).toBe(true);
  await page.getByRole('button', { name: 'I have opened the link' }).click();
  await expect(page.getByRole('button', { name: 'Create key' })).toBeVisible();
});

test('a forgotten password is reset from the e-mailed link; earlier sessions end and the link works once', async ({ page, request }) => {
  // An account of its own: the file's account keeps its password for the other tests.
  const resetEmail = `reset-${Date.now()}@example.com`;
  await request.post('/v1/auth/register', { data: { email: resetEmail, password: 'the password I forgot', name: 'Rui Reset' } });
  const earlier = await request.post('/v1/auth/login', { data: { email: resetEmail, password: 'the password I forgot' } });
  const earlierToken = ((await earlier.json()) as { accessToken: string }).accessToken;
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('E-mail').fill(resetEmail);
  await screenshotBothWidths(page, 'forgot-password');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(resetEmail);
  await screenshotBothWidths(page, 'forgot-password-sent');

  await expect.poll(() => passwordResetLink(resetEmail)).not.toBeNull();
  const link = passwordResetLink(resetEmail)!;
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  // The token has been read, and leaves the address bar.
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('New password').fill('my brand new password');
  await screenshotBothWidths(page, 'reset-password');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toContainText('Your password is changed');
  await screenshotBothWidths(page, 'reset-password-done');

  await page.getByLabel('E-mail').fill(resetEmail);
  await page.getByLabel('Password').fill('my brand new password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();

  // The session from before the reset is over.
  const refused = await request.get('/v1/account', { headers: { Authorization: `Bearer ${earlierToken}` } });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { error_code: string }).error_code).toBe('INVALID_TOKEN');

  // The link worked once.
  await page.goto(link);
  await page.getByLabel('New password').fill('yet another new password');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByRole('alert')).toContainText('invalid, expired or already used');
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await screenshotBothWidths(page, 'reset-password-used');
});

test('the built-in templates are listed, each with the picture of its style', async ({ page }) => {
  await page.goto('/templates');
  await expect(page.getByText('Dark shipping').first()).toBeVisible();
  const pictures = page.locator('img.template-picture');
  await expect(pictures).toHaveCount(3);
  // Each picture is a real image that loaded (a broken one has no natural width), and they are not all the same.
  await expect.poll(() => pictures.evaluateAll((images) => images.every((i) => (i as HTMLImageElement).naturalWidth > 0))).toBe(true);
  const sources = await pictures.evaluateAll((images) => images.map((i) => (i as HTMLImageElement).src));
  expect(new Set(sources).size).toBe(3);
});

test('the webhook secrets stay hidden until revealed, the sandbox one beside the live one', async ({ page }) => {
  await page.goto('/webhooks');
  await expect(page.getByText(/whsec_[A-Za-z0-9+/_-]{20,}/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Reveal' }).click();
  const live = page.getByLabel('Webhook signing secret', { exact: true });
  const sandbox = page.getByLabel('Sandbox signing secret', { exact: true });
  await expect(live).toHaveText(/^whsec_[A-Za-z0-9+/_-]{20,}/);
  await expect(sandbox).toHaveText(/^whsec_[A-Za-z0-9+/_-]{20,}/);
  expect(await sandbox.textContent()).not.toBe(await live.textContent());
  await expect(page.getByRole('button', { name: 'Copy sandbox secret' })).toBeVisible();
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
  await expect(place).toHaveValue('Lisbon, Portugal');
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

/** One part of the page at desktop and phone width under tmp/screenshots, with nothing wider than the phone. */
async function screenshotPartBothWidths(page: Page, part: Locator, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // Tall enough that the composer's sticky actions stay below the part.
  await page.setViewportSize({ width: 1280, height: 1600 });
  await part.screenshot({ path: join(SCREENSHOT_DIR, `${name}-desktop.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} is wider than a 390px phone screen`).toBeLessThanOrEqual(1);
  await part.screenshot({ path: join(SCREENSHOT_DIR, `${name}-phone.png`) });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the composer offers the story camera: a preset and its line, the advanced fields, previewed, and the job says what the camera did', async ({
  page,
}) => {
  await page.goto('/render/new');
  await page.getByLabel('Place').nth(0).fill('Lisbon');
  await page.getByLabel('Label').nth(0).fill('Home');
  await page.getByLabel('Place').nth(1).fill('Madrid');
  await page.getByLabel('Duration (seconds)').fill('3');
  const camera = page.getByRole('group', { name: 'Camera' });

  // A story preset shows its one line; strong is among the intensities.
  const movement = camera.getByLabel('Movement');
  await movement.selectOption('chokepoint_tension');
  await expect(movement).toHaveAccessibleDescription('Travels normally, then slows and punches in at each chokepoint the route passes.');
  await camera.getByLabel('Intensity').selectOption('strong');

  // The custom fields wait under their fold.
  const punchIn = camera.getByLabel('Chokepoint punch-in');
  await expect(punchIn).toBeHidden();
  await camera.getByText('Advanced camera').click();
  await punchIn.fill('2.2');
  await camera.getByLabel('Ease').selectOption('expo-in-out');
  await camera.getByLabel('Opening shot looks at').selectOption({ label: 'Home' });
  await expect(camera.getByLabel('Opening shot looks at').locator('option')).toHaveText(['The whole route', 'Home', 'Waypoint 2 (Madrid)']);
  await screenshotPartBothWidths(page, camera, 'compose-camera');

  const previewed = page.waitForResponse(
    (response) => response.url().endsWith('/v1/render/preview') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  expect((await previewed).status()).toBe(200);
  await expect(page.locator('.preview-stage')).toBeVisible();

  // Lisbon to Madrid passes no chokepoint: the job plays like auto and its page says so, near the video.
  await page.getByRole('button', { name: 'Render video' }).click();
  await expect(page).toHaveURL(/\/renders\/job_/);
  const notes = page.locator('.camera-notes');
  await expect(notes).toContainText('camera.preset chokepoint_tension: the route passes no chokepoint', { timeout: 120_000 });
  await screenshotPartBothWidths(page, page.getByRole('region', { name: /Status|Video/ }), 'render-camera-notes');
  // The fields reached the job as sent (the opening waypoint stored as its index).
  await page.getByText('Show the parameters').click();
  const stored = JSON.parse((await page.locator('.request-json pre').textContent()) ?? '{}') as { camera?: object };
  expect(stored.camera).toMatchObject({
    preset: 'chokepoint_tension',
    intensity: 'strong',
    chokepoint_punch_in: 2.2,
    ease: 'expo-in-out',
    start_focus_waypoint: 0,
  });
  // Only the notice was wanted: the render need not use the machine any longer.
  if (await page.getByRole('button', { name: 'Cancel render' }).isVisible()) {
    await page.getByRole('button', { name: 'Cancel render' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel render' }).click();
  }
});

test('the composer offers every map style with its preview, and terrain relief; the preview plays the chosen look', async ({ page }) => {
  await page.goto('/render/new');
  await page.getByLabel('Place').nth(0).fill('Lisbon');
  await page.getByLabel('Place').nth(1).fill('Madrid');
  await page.getByLabel('Duration (seconds)').fill('3');
  const styles = page.getByRole('radiogroup', { name: 'Map style' });
  for (const name of ['Standard', 'Dark', 'Maritime dark', 'Minimal', 'Satellite', 'Night lights', 'Paper atlas', 'Blueprint'])
    await expect(styles.getByRole('radio', { name, exact: true })).toBeVisible();
  // Every preview is a real picture (the build renders one per style), not a broken image.
  const previews = styles.locator('img');
  await expect(previews).toHaveCount(8);
  for (const preview of await previews.all()) {
    await preview.scrollIntoViewIfNeeded();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
  await styles.getByRole('radio', { name: 'Satellite', exact: true }).check();
  const relief = page.getByRole('switch', { name: 'Terrain relief' });
  await relief.check();
  await page.getByLabel('Exaggeration').fill('2');
  await expect(page.locator('.terrain-exaggeration output')).toHaveText('2×');
  await screenshotPartBothWidths(page, page.getByRole('group', { name: 'Map style' }), 'compose-map-style');

  const previewed = page.waitForResponse(
    (response) => response.url().endsWith('/v1/render/preview') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const answer = await previewed;
  expect(answer.status()).toBe(200);
  const { props } = (await answer.json()) as { props: { style: string; terrain: object } };
  expect(props).toMatchObject({ style: 'satellite', terrain: { enabled: true, exaggeration: 2 } });
  await expect(page.locator('.preview-stage')).toBeVisible();
  await screenshotPartBothWidths(page, page.locator('.preview-stage'), 'compose-preview-satellite');
});

// The Renders list polls only for the progress of jobs it already shows: a render made elsewhere (through the API,
// another tab) appears there, complete, because the layout follows the account's events (api/live-updates.ts).
test('a render made through the API shows up complete in the open Renders list, from the account’s events', async ({ page }) => {
  await page.goto('/renders');
  await expect(page.getByRole('heading', { name: 'Renders', level: 1 })).toBeVisible();
  const listReads: string[] = [];
  page.on('request', (request) => {
    if (/\/v1\/render(\?|$)/.test(request.url()) && request.method() === 'GET') listReads.push(request.url());
  });
  const token = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('mapr.session')!) as { token: string }).token);
  const created = await page.request.post('/v1/render', {
    headers: { Authorization: `Bearer ${token}` },
    data: { waypoints: [{ place: 'Lisbon' }, { place: 'Porto' }], duration: 5, resolution: '720p' },
  });
  expect(created.status()).toBe(202);
  const { job_id: jobId } = (await created.json()) as { job_id: string };
  const row = page.locator('tr', { has: page.locator(`a[href="/renders/${jobId}"]`) });
  await expect(row.locator('.badge-complete')).toBeVisible({ timeout: 120_000 });
  // One read of the list when the event came, not one every few seconds while the job rendered.
  expect(listReads.length).toBeLessThanOrEqual(2);
});
