/**
 * The books after a fault: what a user and their accountant would check. Every accepted job ends in exactly one
 * final state; the account's quota use (GET /v1/usage) equals its ledger and gives back failed and cancelled jobs;
 * every finished job with a webhook URL has exactly one result delivery, sent once to the receiver; storage holds a
 * video and a thumbnail for each completed job and nothing else (no chunk or temp file left behind).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DataSource, In } from 'typeorm';
import { billingPeriod } from '../../../src/common/util/time';
import { UsageRecord } from '../../../src/modules/billing/testing';
import { RenderJob } from '../../../src/modules/rendering/testing';
import { WebhookDelivery } from '../../../src/modules/webhooks/testing';
import type { TestAccount, TestApp } from '../../support/test-app';
import type { WebhookReceiver } from '../../support/webhooks';

const FINAL = ['complete', 'failed', 'cancelled'];
const RESULT_EVENTS = ['render.complete', 'render.failed'];

export interface Books {
  accepted: number;
  complete: number;
  failed: number;
  cancelled: number;
  /** Not in a final state when the books were drawn up. */
  unfinished: number;
  /** Result webhooks received, and how many of them repeated one already received for the job. */
  webhooksReceived: number;
  webhooksDuplicated: number;
  /** Finished jobs with a webhook URL but no result delivery, or with more than one. */
  deliveriesMissing: number;
  deliveriesDuplicated: number;
  /** Renders counted by GET /v1/usage minus the jobs that should count (complete or still running, not sandbox). */
  quotaDrift: number;
  /** Ledger rows that disagree with their job (counted while failed or cancelled; still active once finished). */
  ledgerMismatches: string[];
  /** Files in storage no job accounts for, and completed jobs whose files are missing. */
  orphanFiles: string[];
  missingFiles: string[];
  /** Ended jobs whose follow-ups (usage release, event, webhook, batch) are still marked due. */
  followUpsDue: string[];
}

export async function waitUntilFinished(t: TestApp, jobIds: string[], timeoutMs: number): Promise<void> {
  const jobs = t.app.get(DataSource).getRepository(RenderJob);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await jobs.find({ select: { id: true, status: true }, where: { id: In(jobIds) } }).catch(() => null);
    if (rows && rows.length === jobIds.length && rows.every((r) => FINAL.includes(r.status))) return;
    if (Date.now() > deadline) {
      const open = rows?.filter((r) => !FINAL.includes(r.status)).map((r) => `${r.id}:${r.status}`) ?? ['(database unreachable)'];
      throw new Error(`jobs not finished within ${timeoutMs} ms: ${open.join(', ')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Waits until every finished job's result webhook is settled: delivered, or failed for good after its retries
 * (a job without a webhook URL, or cancelled, has none to wait for); and until what follows each finished job's end
 * has all run (its follow-ups mark cleared: a step that failed during the fault is run again by the job-end sweep,
 * which may be a moment after the webhook went out).
 */
export async function waitUntilDelivered(t: TestApp, jobIds: string[], timeoutMs: number): Promise<void> {
  const db = t.app.get(DataSource);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const jobs = await db
      .getRepository(RenderJob)
      .find({ select: { id: true, status: true, webhookUrl: true, followUpsDueAt: true }, where: { id: In(jobIds) } });
    const expecting = jobs.filter((j) => j.webhookUrl && (j.status === 'complete' || j.status === 'failed')).map((j) => j.id);
    const settled = await db
      .getRepository(WebhookDelivery)
      .countBy({ jobId: In(expecting), event: In(RESULT_EVENTS), status: In(['delivered', 'failed']) });
    const followUpsDue = jobs.filter((j) => FINAL.includes(j.status) && j.followUpsDueAt !== null).map((j) => j.id);
    if (settled >= expecting.length && followUpsDue.length === 0) return;
    if (Date.now() > deadline) {
      if (settled < expecting.length) {
        throw new Error(
          `${expecting.length - settled} result webhooks not settled within ${timeoutMs} ms: ${await unsettled(db, expecting)}`,
        );
      }
      throw new Error(`what follows the end of ${followUpsDue.join(', ')} not done within ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Why each job's result webhook is not settled: no delivery (and whether its follow-ups are still due), or its state. */
async function unsettled(db: DataSource, jobIds: string[]): Promise<string> {
  const jobs = await db.getRepository(RenderJob).find({ where: { id: In(jobIds) } });
  const deliveries = await db.getRepository(WebhookDelivery).find({ where: { jobId: In(jobIds), event: In(RESULT_EVENTS) } });
  const reasons: string[] = [];
  for (const job of jobs) {
    const delivery = deliveries.find((d) => d.jobId === job.id);
    if (!delivery)
      reasons.push(`${job.id} (${job.status}): no delivery, follow-ups due since ${job.followUpsDueAt?.toISOString() ?? '(none)'}`);
    else if (delivery.status === 'pending')
      reasons.push(`${job.id}: ${delivery.id} pending, ${delivery.attemptCount} attempts, next ${delivery.nextAttemptAt?.toISOString()}`);
  }
  return reasons.join('; ');
}

/**
 * `usageApi` is the API that answers GET /v1/usage (the stack's own by default; another process, on another clock,
 * for the clock scenarios): its figure is compared with the ledger of the billing period it reports.
 */
export async function drawUpBooks(
  t: TestApp,
  account: TestAccount,
  jobIds: string[],
  receiver?: WebhookReceiver,
  usageApi: TestApp['http'] = t.http,
): Promise<Books> {
  const db = t.app.get(DataSource);
  const jobs = await db.getRepository(RenderJob).find({ where: { id: In(jobIds) } });
  const ledger = new Map((await db.getRepository(UsageRecord).find({ where: { jobId: In(jobIds) } })).map((r) => [r.jobId, r]));
  const deliveries = await db.getRepository(WebhookDelivery).find({ where: { jobId: In(jobIds), event: In(RESULT_EVENTS) } });
  const count = (status: string) => jobs.filter((j) => j.status === status).length;

  const ledgerMismatches: string[] = [];
  for (const job of jobs) {
    const row = ledger.get(job.id);
    const shouldCount = !job.sandbox && (job.status === 'complete' || !FINAL.includes(job.status));
    if (!row) ledgerMismatches.push(`${job.id}: no ledger row`);
    else if (row.countsTowardQuota !== shouldCount)
      ledgerMismatches.push(`${job.id} (${job.status}): counts_toward_quota=${row.countsTowardQuota}`);
    else if (FINAL.includes(job.status) && row.active) ledgerMismatches.push(`${job.id} (${job.status}): still active`);
  }

  const usage = await usageApi.get('/v1/usage').auth(account.liveKey, { type: 'bearer' });
  const period = billingPeriod(new Date(String(usage.body.period_start))).key;
  const countedByLedger = await db
    .getRepository(UsageRecord)
    .countBy({ accountId: account.id, billingPeriod: period, countsTowardQuota: true });
  const quotaDrift = Number(usage.body.renders_used) - countedByLedger;

  let deliveriesMissing = 0;
  let deliveriesDuplicated = 0;
  for (const job of jobs.filter((j) => j.webhookUrl && (j.status === 'complete' || j.status === 'failed'))) {
    const n = deliveries.filter((d) => d.jobId === job.id).length;
    if (n === 0) deliveriesMissing += 1;
    if (n > 1) deliveriesDuplicated += n - 1;
  }
  const seen = new Map<string, number>();
  for (const hook of receiver?.received ?? []) {
    const body = JSON.parse(hook.body) as { event?: string; job_id?: string };
    if (!body.job_id || !jobIds.includes(body.job_id) || !RESULT_EVENTS.includes(body.event ?? '')) continue;
    seen.set(body.job_id, (seen.get(body.job_id) ?? 0) + 1);
  }
  const webhooksReceived = [...seen.values()].reduce((a, b) => a + b, 0);
  const webhooksDuplicated = [...seen.values()].reduce((a, b) => a + Math.max(0, b - 1), 0);

  const storageDir = t.config.storage.driver === 'local' ? t.config.storage.dir : '';
  const expected = new Set(
    jobs.filter((j) => j.status === 'complete').flatMap((j) => [j.videoKey, j.thumbnailKey].filter((k): k is string => Boolean(k))),
  );
  const stored = listFiles(storageDir).filter((key) => jobIds.some((id) => key.includes(id)) || key.includes('.tmp-'));
  const orphanFiles = stored.filter((key) => !expected.has(key));
  const missingFiles = [...expected].filter((key) => !existsSync(join(storageDir, key)) || statSync(join(storageDir, key)).size === 0);

  return {
    accepted: jobIds.length,
    complete: count('complete'),
    failed: count('failed'),
    cancelled: count('cancelled'),
    unfinished: jobs.filter((j) => !FINAL.includes(j.status)).length + (jobIds.length - jobs.length),
    webhooksReceived,
    webhooksDuplicated,
    deliveriesMissing,
    deliveriesDuplicated,
    quotaDrift,
    ledgerMismatches,
    orphanFiles,
    missingFiles,
    followUpsDue: jobs.filter((j) => FINAL.includes(j.status) && j.followUpsDueAt !== null).map((j) => j.id),
  };
}

/** The books a scenario must end with: nothing lost, nothing twice, nothing left over. */
export function expectBalanced(books: Books): void {
  expect({
    unfinished: books.unfinished,
    webhooksDuplicated: books.webhooksDuplicated,
    deliveriesMissing: books.deliveriesMissing,
    deliveriesDuplicated: books.deliveriesDuplicated,
    quotaDrift: books.quotaDrift,
    ledgerMismatches: books.ledgerMismatches,
    orphanFiles: books.orphanFiles,
    missingFiles: books.missingFiles,
    followUpsDue: books.followUpsDue,
  }).toEqual({
    unfinished: 0,
    webhooksDuplicated: 0,
    deliveriesMissing: 0,
    deliveriesDuplicated: 0,
    quotaDrift: 0,
    ledgerMismatches: [],
    orphanFiles: [],
    missingFiles: [],
    followUpsDue: [],
  });
}

/** One line per scenario for the suite's summary (scenario × outcome). */
export function booksLine(scenario: string, books: Books): string {
  return (
    `${scenario}: accepted ${books.accepted}, complete ${books.complete}, failed ${books.failed}, cancelled ${books.cancelled}, ` +
    `unfinished ${books.unfinished}; webhooks ${books.webhooksReceived} (duplicated ${books.webhooksDuplicated}); ` +
    `quota drift ${books.quotaDrift}; orphan files ${books.orphanFiles.length}`
  );
}

function listFiles(root: string): string[] {
  if (!existsSync(root)) return [];
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(relative(root, full));
    }
  };
  walk(root);
  return out;
}
