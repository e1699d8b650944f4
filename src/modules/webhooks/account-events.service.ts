import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThan, Repository } from 'typeorm';
import { CommonErrors } from '../../common/errors';
import { iso } from '../../common/util/time';
import { AccountEventSignal } from './account-event-signal';
import type { EventDto, EventListDto } from './dto/event.dto';
import { AccountEvent } from './entities/account-event.entity';
import { webhookHeaders, type WebhookSigningSecrets } from './signing';
import { WebhookSecretsService } from './webhook-secrets.service';

/** A waiting request reads the database again this often, in case an announcement was lost. */
const RECHECK_MS = 5_000;

/**
 * Whose events, and how their headers are signed: the account's events of the modes the credential sees
 * (`visibleModes`), signed with the listen secret of the event's mode for an API key and with the webhook secret of
 * the event's mode (the sandbox secret for sandbox work) for a dashboard session.
 */
export interface EventScope {
  accountId: string;
  sandbox?: boolean;
  signWith: 'listen_secret' | 'webhook_secret';
}

export interface ListEventsOptions {
  after?: string;
  limit: number;
  /** Seconds to wait for an event after `after` when there is none yet; 0 answers at once. */
  timeoutSeconds: number;
  /** Ends the wait (the client went away). */
  signal?: AbortSignal;
}

/**
 * `GET /v1/events`: the account's events oldest first, after a cursor, long-polled. A waiting
 * request holds no database connection: it listens on the account's Redis channel (woken as soon
 * as any process records an event) and re-reads the database every few seconds as a safety net.
 * Bodies are the stored webhook bytes; headers are signed at read time as a delivery attempt now
 * would carry them, so a forwarder never needs a secret: with the listen secret of the key's mode for an API
 * key (a receiver run for `mapr webhooks listen` verifies with that one), with the webhook secret (the sandbox
 * secret for sandbox work) only for a dashboard session, which can read those secrets anyway.
 */
@Injectable()
export class AccountEventsService implements BeforeApplicationShutdown {
  /** Aborted as the application stops: waiting requests answer at once, so that the HTTP server can close. */
  private readonly closing = new AbortController();

  constructor(
    @InjectRepository(AccountEvent) private readonly events: Repository<AccountEvent>,
    private readonly secrets: WebhookSecretsService,
    private readonly signal: AccountEventSignal,
  ) {}

  async list(scope: EventScope, options: ListEventsOptions): Promise<EventListDto> {
    const where = { accountId: scope.accountId, ...(scope.sandbox === undefined ? {} : { sandbox: scope.sandbox }) };
    if (options.after === undefined) {
      const latest = await this.events.find({ where, order: { seq: 'DESC' }, take: options.limit });
      return this.present(scope, latest.reverse(), null);
    }
    // An event of the other mode is no cursor for this credential: 404, as another account's.
    const cursor = await this.events.findOne({ where: { ...where, id: options.after }, select: { seq: true } });
    if (!cursor) throw CommonErrors.notFound('Event');
    const page = () => this.events.find({ where: { ...where, seq: MoreThan(cursor.seq) }, order: { seq: 'ASC' }, take: options.limit });

    let rows = await page();
    if (rows.length === 0 && options.timeoutSeconds > 0) {
      rows = await this.waitForEvents(scope.accountId, page, Date.now() + options.timeoutSeconds * 1000, options.signal);
    }
    return this.present(scope, rows, options.after);
  }

  /** Answers waiting requests at once (with what they have) so that the HTTP server can close. */
  beforeApplicationShutdown(): void {
    this.closing.abort();
  }

  private waitForEvents(
    accountId: string,
    page: () => Promise<AccountEvent[]>,
    deadline: number,
    signal?: AbortSignal,
  ): Promise<AccountEvent[]> {
    return this.signal.readUntil(accountId, {
      read: page,
      done: (rows) => rows.length > 0,
      deadline,
      stop: signal ? AbortSignal.any([signal, this.closing.signal]) : this.closing.signal,
      recheckMs: RECHECK_MS,
    });
  }

  private async present(scope: EventScope, rows: AccountEvent[], after: string | null): Promise<EventListDto> {
    const now = new Date();
    const timestamp = Math.floor(now.getTime() / 1000);
    // Each event is signed with its own mode's secret (a dashboard session reads both modes).
    const secrets = new Map<boolean, WebhookSigningSecrets>();
    for (const sandbox of new Set(rows.map((row) => row.sandbox))) {
      secrets.set(
        sandbox,
        scope.signWith === 'webhook_secret'
          ? await this.secrets.signingSecrets(scope.accountId, { sandbox }, now)
          : { current: await this.secrets.listenSecret(scope.accountId, { sandbox }) },
      );
    }
    return {
      data: rows.map((row) => presentEvent(row, secrets.get(row.sandbox)!, scope.signWith, timestamp)),
      next_after: rows.length ? rows[rows.length - 1].id : after,
    } satisfies EventListDto;
  }
}

function presentEvent(row: AccountEvent, secrets: WebhookSigningSecrets, signedWith: EventScope['signWith'], timestamp: number): EventDto {
  return {
    id: row.id,
    event: row.event,
    created_at: iso(row.createdAt),
    delivery_id: row.deliveryId,
    job_id: row.jobId,
    batch_id: row.batchId,
    sandbox: row.sandbox,
    signed_with: signedWith,
    payload: JSON.parse(row.payload) as object,
    body: row.payload,
    headers: webhookHeaders(row.payload, { event: row.event, deliveryId: row.deliveryId ?? row.id }, secrets, timestamp),
  } satisfies EventDto;
}
