import { expect, type Locator, type Page, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { logIn, SCREENSHOT_DIR, verifiedAccount } from './support';

/**
 * The composer's form for each render mode other than route_animation, used as a person would: no JSON typed.
 * Each mode is composed through its fields (place and country search, rows added, removed and moved, a paste from
 * a spreadsheet), meets the API's refusal on the very field it is about, previews and renders to completion.
 */
const email = `modes-${Date.now()}@example.com`;
const password = 'a long password for the modes';

test.beforeAll(async ({ request }) => {
  await verifiedAccount(request, { email, password, name: 'Mo Modes' });
});

test.beforeEach(async ({ page }) => {
  await logIn(page, email, password);
  await page.goto('/render/new');
  await expect(page.getByRole('heading', { name: 'New render' })).toBeVisible();
});

async function chooseMode(page: Page, title: string): Promise<Locator> {
  await page.getByLabel('What the video shows').selectOption({ label: title });
  const section = page.locator('fieldset.mode-settings');
  await expect(section.locator('legend')).toHaveText(title);
  return section;
}

/** Types into a search field and picks the first suggestion that matches. */
async function pick(page: Page, field: Locator, typed: string, option: RegExp): Promise<void> {
  await field.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

/** The mode's section at desktop and phone width, with nothing wider than the phone. */
async function screenshotSection(page: Page, section: Locator, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // The form as laid out: the action bar that follows the scroll would cover part of it.
  const unstick = await page.addStyleTag({ content: '.compose-actions { position: static !important; }' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await section.screenshot({ path: join(SCREENSHOT_DIR, `${name}-desktop.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} is wider than a 390px phone screen`).toBeLessThanOrEqual(1);
  await section.screenshot({ path: join(SCREENSHOT_DIR, `${name}-phone.png`) });
  await page.setViewportSize({ width: 1280, height: 800 });
  await unstick.evaluate((style) => (style as Element).remove());
}

/** Preview (the player shows), then render and wait for the job to complete. */
async function previewAndRender(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(Preview|Update preview)$/ }).click();
  await expect(page.locator('.preview-stage')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Render video' }).click();
  await expect(page).toHaveURL(/\/renders\/job_/);
  await expect(page.locator('.badge-complete').first()).toBeVisible({ timeout: 150_000 });
}

/** The Advanced JSON view shows what the form made, and going back shows the same form. */
async function jsonRoundTrip(section: Locator, expected: RegExp[]): Promise<void> {
  const toggle = section.getByLabel('Advanced: edit as JSON');
  await toggle.check();
  const json = section.getByLabel(/settings \(JSON\)$/);
  for (const pattern of expected) await expect(json).toHaveValue(pattern);
  await toggle.uncheck();
  await expect(json).toHaveCount(0);
}

test('multi_route through its form: origin, destinations with data labels, colour and transport, timing', async ({ page }) => {
  await expect(page.getByText('Choose your waypoints, then press Preview')).toBeVisible();
  const section = await chooseMode(page, 'Many routes from one origin');
  await expect(page.getByText('Choose the origin and its destinations, then press Preview')).toBeVisible();
  await page.getByLabel('Duration (seconds)').fill('5');

  await pick(page, section.getByLabel('Origin'), 'Lisb', /^Lisbon/);
  const destinations = section.locator('ol.waypoints > li');
  await destinations.nth(2).getByRole('button', { name: 'Remove destination 3' }).click();
  await expect(destinations).toHaveCount(2);
  await pick(page, destinations.nth(0).getByLabel('Place'), 'Madri', /^Madrid/);
  await destinations.nth(0).getByLabel('Data label').fill('1 h');
  await pick(page, destinations.nth(1).getByLabel('Place'), 'New Yo', /^New York/);
  await destinations.nth(1).getByLabel('Data label').fill('7 h');
  await destinations.nth(1).getByLabel('Colour', { exact: true }).fill('#ff5a36');
  await section.getByRole('button', { name: 'Add a destination' }).click();
  // A place the service does not know: its message shows on that destination's field.
  await destinations.nth(2).getByLabel('Place').fill('Atlantis Under The Sea');
  await destinations.nth(2).getByLabel('By').selectOption('train');
  await section.getByLabel('Stagger (s)').fill('0.3');
  await section.getByLabel('Routes start at (s)').fill('0.5');
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(destinations.nth(2).locator('.field-error')).toContainText('Atlantis');

  await pick(page, destinations.nth(2).getByLabel('Place'), 'Pari', /^Paris/);
  await destinations.nth(2).getByLabel('By').selectOption('plane');
  await destinations.nth(2).getByRole('button', { name: 'Up (destination 3)' }).click();
  await expect(destinations.nth(1).getByLabel('Place')).toHaveValue('Paris');
  await jsonRoundTrip(section, [/"place": "Lisbon"/, /"color": "#ff5a36"/, /"stagger": 0.3/]);
  await expect(destinations.nth(2).getByLabel('Data label')).toHaveValue('7 h');
  await screenshotSection(page, section, 'mode-multi-route');
  await previewAndRender(page);
});

test('region_focus through its form: a country picked by name, where the camera starts, markers', async ({ page }) => {
  const section = await chooseMode(page, 'Fly in to a country or region');
  await expect(page.getByText('Choose a country or a box, then press Preview')).toBeVisible();
  await page.getByLabel('Duration (seconds)').fill('5');

  // A country the map does not know: the API's message shows on the field.
  await section.getByLabel('Country').fill('Atlantis');
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(section.locator('.field-error').first()).toContainText('Unknown country "Atlantis"');

  await pick(page, section.getByLabel('Country'), 'jap', /^Japan/);
  await expect(section.getByLabel('Country')).toHaveValue('Japan');
  await section.getByLabel('The camera starts on').selectOption({ label: 'The whole world' });
  const markers = section.locator('ol.waypoints > li');
  await markers.nth(1).getByRole('button', { name: 'Remove marker 2' }).click();
  await pick(page, markers.nth(0).getByLabel('Place'), 'Toky', /^Tokyo/);
  await section.getByRole('button', { name: 'Add a marker' }).click();
  await pick(page, markers.nth(1).getByLabel('Place'), 'Osak', /^Osaka/);
  await markers.nth(1).getByLabel('Label', { exact: true }).fill('Osaka port');
  await jsonRoundTrip(section, [/"region": "Japan"/, /"from": "world"/, /"label": "Osaka port"/]);
  await screenshotSection(page, section, 'mode-region-focus');
  await previewAndRender(page);

  // Rendered again, the job's stored settings (the country as the service resolved it) fill the form and preview.
  await page.getByRole('link', { name: 'Render again' }).first().click();
  await expect(section.getByLabel('Country')).toHaveValue('Japan');
  await expect(section.locator('ol.waypoints > li')).toHaveCount(2);
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.locator('.preview-stage')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('JSON that does not parse: the bar says why Preview and Render wait, and the form waits for it to be corrected', async ({ page }) => {
  const section = await chooseMode(page, 'Many routes from one origin');
  const toggle = section.getByLabel('Advanced: edit as JSON');
  await toggle.check();
  const json = section.getByLabel(/settings \(JSON\)$/);
  await json.fill('{"origin": {"place": "Lisbon"}, "routes": [{"place": "Madrid"}');
  await expect(page.locator('.compose-actions').getByRole('alert')).toContainText('Preview and Render wait for the settings');
  await expect(page.getByRole('button', { name: 'Preview', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Render video' })).toBeDisabled();
  // The switch back is refused while the JSON does not parse: it stays on, with the reason.
  await toggle.click();
  await expect(section.getByText('Correct the JSON to go back to the form.')).toBeVisible();
  await expect(toggle).toBeChecked();
  await json.fill('{"origin": {"place": "Lisbon"}, "routes": [{"place": "Madrid", "label_offset": {"x": 10, "y": 0}}]}');
  await toggle.uncheck();
  await expect(section.getByLabel('Origin')).toHaveValue('Lisbon');
  await expect(section.locator('ol.waypoints > li')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Preview', exact: true })).toBeEnabled();
  // A field the form does not show stays in the settings through an edit in the form.
  await section.getByLabel('Data label').fill('1 h');
  await toggle.check();
  await expect(json).toHaveValue(/"label_offset": \{\s+"x": 10,\s+"y": 0\s+\},\s+"data_label": "1 h"/);
});

test('region_focus with a box drawn on the small map previews', async ({ page }) => {
  const section = await chooseMode(page, 'Fly in to a country or region');
  await section.getByLabel('Region').selectOption({ label: 'A box' });
  const map = section.getByRole('img', { name: 'World map: drag to draw the box' });
  // In the middle of the screen, as a person drawing on it has it: not under the buttons kept at its bottom.
  await map.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = (await map.boundingBox())!;
  // Over western Europe: x 170°W…, y 90°N… on a plate carrée.
  await page.mouse.move(box.x + box.width * 0.48, box.y + box.height * 0.2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.53, box.y + box.height * 0.3, { steps: 5 });
  await page.mouse.up();
  const west = Number(await section.getByLabel('West (°)').inputValue());
  const north = Number(await section.getByLabel('North (°)').inputValue());
  expect(west).toBeCloseTo(-7.2, 0);
  expect(north).toBeCloseTo(54, 0);
  await expect(section.locator('.bbox-map-box')).toHaveCount(1);
  await screenshotSection(page, section, 'mode-region-focus-box');
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.locator('.preview-stage')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('country_data through its form: figures pasted from a spreadsheet, a row added by country search, legend and palette', async ({
  page,
}) => {
  const section = await chooseMode(page, 'A figure per country (choropleth)');
  await expect(page.getByText('Give a value for each country, then press Preview')).toBeVisible();
  await page.getByLabel('Duration (seconds)').fill('5');

  // A spreadsheet's copy: tabs, a header, decimal commas, a line without a value, a country the map does not know.
  await section.getByText('Paste from a spreadsheet or CSV').click();
  await section
    .getByLabel(/One country and its value per line/)
    .fill('Country\tGrowth\nPortugal\t2,3\nSpain\t2,5\nFrance\n Italy\t0,7\nAtlantis\t9');
  await section.getByRole('button', { name: 'Replace the table' }).click();
  await expect(section.getByText('4 rows read (header “Country, Growth” skipped).')).toBeVisible();
  await expect(section.getByText('Line 4: a country and a value are needed')).toBeVisible();
  const rows = section.locator('.value-row:not(.value-head)');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0).getByLabel('Value 1')).toHaveValue('2.3');

  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(rows.nth(3).locator('.field-error')).toContainText('Unknown country "Atlantis"');
  await rows.nth(3).getByRole('button', { name: 'Remove row 4' }).click();

  await section.getByRole('button', { name: 'Add a country' }).click();
  await pick(page, rows.nth(3).getByLabel('Country 4'), 'germ', /^Germany/);
  await rows.nth(3).getByLabel('Value 4').fill('0,2');
  await section.getByLabel('Legend title').fill('GDP growth');
  await section.getByLabel('Unit').fill('%');
  await section.getByLabel('Palette').selectOption('diverging');
  await section.getByLabel('Countries fill').selectOption('all');
  await jsonRoundTrip(section, [/"country": "Germany",\s+"value": 0.2/, /"title": "GDP growth"/, /"palette": "diverging"/]);
  await screenshotSection(page, section, 'mode-country-data');
  await previewAndRender(page);

  await page.getByRole('link', { name: 'Render again' }).first().click();
  await expect(rows).toHaveCount(4);
  await expect(section.getByLabel('Legend title')).toHaveValue('GDP growth');
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.locator('.preview-stage')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
