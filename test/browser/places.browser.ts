import { expect, type Locator, type Page, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { logIn, SCREENSHOT_DIR, verifiedAccount } from './support';

/**
 * Places as people know them (issue 28): the composer's suggestions read "Lisbon, Ohio, United States", the one
 * picked is the one rendered (its coordinates and label reach the preview's props and the job), a name that matches
 * nothing says so while it is typed, and a name left for the service to resolve shows which place it took.
 */
const email = `places-${Date.now()}@example.com`;
const password = 'a long password for the places';

/** Lisbon, Ohio: the larger of the two (Clark County), as GeoNames places it. */
const OHIO = { lat: 39.86089, lng: -83.6352 };

test.beforeAll(async ({ request }) => {
  await verifiedAccount(request, { email, password, name: 'Pat Places' });
});

test.beforeEach(async ({ page }) => {
  await logIn(page, email, password);
});

/** The waypoints with the suggestions open, at desktop and phone width, under tmp/screenshots. */
async function screenshotSuggestions(page: Page, part: Locator, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const [width, suffix] of [
    [1280, 'desktop'],
    [390, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height: 1000 });
    await expect(page.getByRole('listbox')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} is wider than a ${width}px screen`).toBeLessThanOrEqual(1);
    await part.scrollIntoViewIfNeeded();
    const box = (await part.boundingBox())!;
    const list = (await page.getByRole('listbox').boundingBox())!;
    // The list hangs below the field: the picture takes in both.
    await page.screenshot({
      path: join(SCREENSHOT_DIR, `${name}-${suffix}.png`),
      clip: { x: 0, y: box.y, width, height: Math.max(box.height, list.y + list.height - box.y) + 12 },
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const token = (page: Page) => page.evaluate(() => (JSON.parse(sessionStorage.getItem('mapr.session')!) as { token: string }).token);

test('"Lisbon, Ohio" picked in the composer is the Lisbon previewed and rendered', async ({ page }) => {
  await page.goto('/render/new');
  await expect(page.getByRole('heading', { name: 'New render' })).toBeVisible();
  const start = page.getByLabel('Place').nth(0);
  await start.fill('Lisbon');
  const ohio = page.getByRole('option', { name: /^Lisbon, Ohio, United States/ });
  await expect(ohio).toHaveCount(2);
  await expect(page.getByRole('option', { name: /^Lisbon, Portugal/ })).toBeVisible();
  // The two Lisbons of Ohio read alike: their coordinates tell them apart.
  await expect(ohio.first()).toContainText('39.86° N, 83.64° W');
  await expect(ohio.nth(1)).toContainText('40.77° N, 80.77° W');
  await screenshotSuggestions(page, page.getByRole('group', { name: 'Waypoints' }), 'place-suggestions');
  await ohio.first().click();
  await expect(start).toHaveValue('Lisbon, Ohio, United States');
  await expect(page.getByLabel('Label').nth(0)).toHaveValue('Lisbon');

  // A name that matches no place says so while it is typed; one typed and not picked is the service's to resolve.
  const end = page.getByLabel('Place').nth(1);
  await end.fill('Xqzvbnmwk');
  await expect(page.getByRole('status').filter({ hasText: 'No place called “Xqzvbnmwk”.' })).toBeVisible();
  await page.getByRole('group', { name: 'Waypoints' }).screenshot({ path: join(SCREENSHOT_DIR, 'place-not-found.png') });
  await end.fill('Atlantis');
  await expect(page.getByRole('option', { name: /^Atlantis, Western Cape, South Africa/ })).toBeVisible();
  await page.getByRole('heading', { name: 'New render' }).click();
  await page.getByLabel('Duration (seconds)').fill('3');

  // What the page sends, read on the way out (the SDK's fetch body is not kept on the finished request).
  const sent: unknown[] = [];
  await page.route('**/v1/render/preview', async (route) => {
    sent.push(JSON.parse((await route.request().postDataBuffer())?.toString('utf8') ?? 'null'));
    await route.continue();
  });
  const previewed = page.waitForResponse((r) => r.url().endsWith('/v1/render/preview') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const response = await previewed;
  expect(response.status()).toBe(200);
  expect(sent).toEqual([expect.objectContaining({ waypoints: [{ ...OHIO, label: 'Lisbon' }, { place: 'Atlantis' }] })]);
  const preview = await response.json();
  expect(preview.props.waypoints[0]).toMatchObject({ ...OHIO, label: 'Lisbon' });
  expect(preview.resolved_places).toEqual([
    expect.objectContaining({ waypoint_index: 1, query: 'Atlantis', display_name: 'Atlantis, Western Cape, South Africa' }),
  ]);
  const panel = page.getByRole('region', { name: 'Preview' });
  await expect(panel).toContainText('Atlantis → Atlantis, Western Cape, South Africa');
  await expect(page.locator('.preview-stage')).toBeVisible();
  await page.getByRole('group', { name: 'Waypoints' }).screenshot({ path: join(SCREENSHOT_DIR, 'place-picked.png') });
  await panel.screenshot({ path: join(SCREENSHOT_DIR, 'preview-resolved-places.png') });

  // The job renders the same place: its stored request, and the route its worker plans from it.
  await page.getByRole('button', { name: 'Render video' }).click();
  await expect(page).toHaveURL(/\/renders\/job_/);
  const jobId = page.url().split('/renders/')[1]!;
  const headers = { Authorization: `Bearer ${await token(page)}` };
  const job = await (await page.request.get(`/v1/render/${jobId}`, { headers })).json();
  expect(job.request.waypoints[0]).toMatchObject({ ...OHIO, label: 'Lisbon' });
  let route: { features: Array<{ properties: { from: string }; geometry: { coordinates: number[][] } }> } | undefined;
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/v1/render/${jobId}/route`, { headers });
        if (answer.ok()) route = await answer.json();
        return answer.status();
      },
      { timeout: 120_000 },
    )
    .toBe(200);
  expect(route!.features[0]!.properties.from).toBe('Lisbon');
  const [lng, lat] = route!.features[0]!.geometry.coordinates[0]!;
  expect(lat).toBeCloseTo(OHIO.lat, 3);
  expect(lng).toBeCloseTo(OHIO.lng, 3);
});
