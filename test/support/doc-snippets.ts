import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const REPOSITORY = join(__dirname, '../..');

/**
 * The code blocks of a Markdown file under `<!-- tested-snippet: NAME -->` markers, by name, so that a test runs
 * exactly what the page shows.
 */
export function docSnippets(relativePath: string): Map<string, string> {
  const markdown = readFileSync(join(REPOSITORY, relativePath), 'utf8');
  const snippets = new Map<string, string>();
  for (const match of markdown.matchAll(/<!-- tested-snippet: ([\w-]+) -->\n```\w*\n([\s\S]*?)\n```/g)) {
    snippets.set(match[1], match[2]);
  }
  return snippets;
}

export interface WebhookCheck {
  body: string;
  headers: Record<string, string | string[] | undefined>;
  secret: string;
}

/**
 * Runs a receiver's snippet as a user would, an ES module in a separate Node process resolving packages from the
 * repository: the snippet defines `isFromMapr(rawBody, headers, secret)`, called once per check with the body as a
 * Buffer (what `express.raw()` gives). Returns each check's answer.
 */
export async function runWebhookSnippet(snippet: string, checks: WebhookCheck[]): Promise<unknown[]> {
  const program = [
    snippet,
    'const checks = JSON.parse(process.env.WEBHOOK_CHECKS);',
    'const results = [];',
    "for (const c of checks) results.push(await isFromMapr(Buffer.from(c.body, 'utf8'), c.headers, c.secret));",
    'console.log(JSON.stringify(results));',
  ].join('\n');
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', program], {
    cwd: REPOSITORY,
    env: { ...process.env, WEBHOOK_CHECKS: JSON.stringify(checks) },
    timeout: 30_000,
  });
  return JSON.parse(stdout.trim().split('\n').pop()!) as unknown[];
}
