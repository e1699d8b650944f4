/** What the browser tests need besides the page: the outbox, the operator CLI, images to compare. */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

const root = join(__dirname, '..', '..');
export const SCREENSHOT_DIR = join(root, 'tmp', 'screenshots');

function serviceEnv(): Record<string, string> {
  return JSON.parse(process.env.BROWSER_TEST_SERVICE_ENV ?? '{}') as Record<string, string>;
}

/** The verification link of the newest e-mail to `email` in the service's outbox folder. */
export function verificationLink(email: string): string {
  const outbox = join(serviceEnv().DATA_DIR!, 'outbox');
  for (const file of readdirSync(outbox).sort().reverse()) {
    const raw = readFileSync(join(outbox, file), 'utf8');
    if (!raw.includes(`To: ${email}`)) continue;
    const unwrapped = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const match = /(http:\/\/[^\s"<>]+\/v1\/auth\/verify-email\?token=[A-Za-z0-9._%-]+)/.exec(unwrapped);
    if (match) return match[1]!;
  }
  throw new Error(`No verification e-mail to ${email}`);
}

/**
 * The password reset link of the newest reset e-mail to `email`, or null while none has arrived (the service sends it
 * just after answering: wait with `expect.poll`).
 */
export function passwordResetLink(email: string): string | null {
  const outbox = join(serviceEnv().DATA_DIR!, 'outbox');
  for (const file of readdirSync(outbox).sort().reverse()) {
    const raw = readFileSync(join(outbox, file), 'utf8');
    if (!raw.includes(`To: ${email}`)) continue;
    const unwrapped = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const match = /(http:\/\/[^\s"<>]+\/reset-password#token=[A-Za-z0-9._%-]+)/.exec(unwrapped);
    if (match) return match[1]!;
  }
  return null;
}

/**
 * The operator CLI (`npm run cli`) against the service under test, as support would run it: what it printed (stdout)
 * and the note it wrote for the person (stderr). Throws when the command fails.
 */
export function operator(...args: string[]): { stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [join(root, 'dist', 'src', 'cli.js'), ...args], {
    env: { ...process.env, ...serviceEnv() },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`operator ${args.join(' ')} exited ${run.status ?? run.signal}: ${run.stderr}`);
  return { stdout: run.stdout, stderr: run.stderr };
}

/** Saves the page at desktop and phone width under tmp/screenshots (the README shows two of them). */
export async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // Nothing wider than the phone: no sideways scrolling.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 1) throw new Error(`${name} is ${overflow}px wider than a 390px phone screen`);
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(size);
}

export function decodePng(buffer: Buffer): PNG {
  return PNG.sync.read(buffer);
}

/** Fraction of pixels that differ visibly (pixelmatch's perceptual threshold 0.1) between two same-sized images. */
export function differingFraction(a: PNG, b: PNG): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`sizes differ: ${a.width}x${a.height} vs ${b.width}x${b.height}`);
  const differing = pixelmatch(a.data, b.data, null, a.width, a.height, { threshold: 0.1 });
  return differing / (a.width * a.height);
}

/** A JPEG or PNG image scaled to width × height with an area filter, decoded: Remotion's bundled ffmpeg does the work. */
export function scaledPng(image: Buffer, width: number, height: number): PNG {
  const ffmpegDir = join(root, 'node_modules', '@remotion', 'compositor-linux-x64-gnu');
  // From a file named by its format: this ffmpeg build picks its image reader by the extension.
  const extension = image.subarray(1, 4).toString('latin1') === 'PNG' ? 'png' : 'jpg';
  const input = join(mkdtempSync(join(tmpdir(), 'mapr-scale-')), `image.${extension}`);
  writeFileSync(input, image);
  const png = execFileSync(
    join(ffmpegDir, 'ffmpeg'),
    ['-loglevel', 'error', '-i', input, '-vf', `scale=${width}:${height}:flags=area`, '-f', 'image2pipe', '-vcodec', 'png', 'pipe:1'],
    { env: { ...process.env, LD_LIBRARY_PATH: ffmpegDir }, maxBuffer: 64 * 1024 * 1024 },
  );
  return PNG.sync.read(png);
}

/**
 * A verified account of the test file's own, on Free with a rate that browsing in a test never meets (unless
 * `realRate`: the interface's 10 requests a minute, for the tests about that rate).
 */
export async function verifiedAccount(
  request: APIRequestContext,
  account: { email: string; password: string; name: string },
  { realRate = false }: { realRate?: boolean } = {},
): Promise<void> {
  await request.post('/v1/auth/register', { data: account });
  expect((await request.get(verificationLink(account.email))).ok()).toBe(true);
  if (!realRate) operator('account:set-tier', account.email, 'free', '--requests-per-minute', '600');
}

/**
 * Makes the page's session one that logged in two hours ago (the same account, a token the service signed then), as a
 * dashboard left open would have: what needs a recent login then asks for the password.
 */
export async function ageSession(page: Page): Promise<void> {
  const stored = await page.evaluate(() => sessionStorage.getItem('mapr.session')!);
  const session = JSON.parse(stored) as { token: string };
  const claims = JSON.parse(Buffer.from(session.token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
  const twoHoursAgo = Math.floor(Date.now() / 1000) - 7200;
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ ...claims, iat: twoHoursAgo, jti: `aged-${Date.now()}` })}`;
  const token = `${unsigned}.${createHmac('sha256', serviceEnv().JWT_SECRET!).update(unsigned).digest('base64url')}`;
  await page.evaluate((aged) => sessionStorage.setItem('mapr.session', aged), JSON.stringify({ ...session, token }));
}

/** Logs in through the dashboard's form, as a person does, and waits for the Overview. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
}
