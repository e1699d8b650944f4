import { Controller, Get, Header, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrorResponse, ErrorExamples } from '../../common/openapi/error-examples';
import { Authenticated, CurrentPrincipal, Principal, visibleModes } from '../auth';
import { AccountEventsService } from './account-events.service';
import { EVENTS_DEFAULT_LIMIT, EVENTS_MAX_WAIT_SECONDS, EventListDto, ListEventsQueryDto, ListenSecretDto } from './dto/event.dto';
import { WebhookSecretsService } from './webhook-secrets.service';

/** The account's event stream (contract §17), for `mapr webhooks listen` and anyone without a public URL. */
@ApiTags('Webhooks')
@Controller('v1/events')
export class EventsController {
  constructor(
    private readonly events: AccountEventsService,
    private readonly secrets: WebhookSecretsService,
  ) {}

  @Get('listen-secret')
  @Header('Cache-Control', 'no-store')
  @Authenticated()
  @ApiOperation({
    operationId: 'getListenSecret',
    summary: 'Reveal the listen secret that signs events read with an API key',
    description:
      'Events read from `GET /v1/events` with an API key are signed with this secret, not the webhook signing secret, so that no ' +
      'API key can obtain a signature that production receivers trust. Each mode has its own: a `mapr_test_` key reads the ' +
      'sandbox one, a live key (and a dashboard session) the live one. Point a local receiver at it while `mapr webhooks listen` ' +
      'forwards events (the command prints it).',
  })
  @ApiOkResponse({ type: ListenSecretDto })
  async listenSecret(@CurrentPrincipal() principal: Principal): Promise<ListenSecretDto> {
    const mode = { sandbox: principal.via === 'api_key' && principal.sandbox };
    return { secret: await this.secrets.listenSecret(principal.accountId, mode), sandbox: mode.sandbox };
  }

  @Get()
  @Header('Cache-Control', 'no-store')
  @Authenticated()
  @ApiOperation({
    operationId: 'listEvents',
    summary: 'Read the account’s webhook events, long-polled',
    description:
      'Every render.complete, render.failed and batch.complete of the account, whether or not it was sent to a webhook_url, ' +
      'oldest first. With `after`, answers with the events recorded after that one; when there is none yet, waits up to ' +
      '`timeout` seconds (25 at most) and answers as soon as one is recorded, else with an empty `data`. Without `after`, answers ' +
      'at once with the latest events. Each event carries the exact webhook `body` and its signature `headers`, signed now, so it ' +
      'can be forwarded to a local receiver unchanged: with the listen secret of the key’s mode (`GET /v1/events/listen-secret`) ' +
      'when an API key reads, with the webhook signing secret of the event’s mode (the sandbox secret for sandbox work) when a ' +
      'dashboard session does. Every payload says its mode in `sandbox`. A `mapr_test_` key reads the events of sandbox work ' +
      'only, a live key those of live work only; a dashboard session reads both, each marked by `sandbox`. A waiting request ' +
      'counts once against the rate limit.',
  })
  @ApiOkResponse({ type: EventListDto })
  @ApiErrorResponse(404, 'NOT_FOUND: `after` is not an event of this account', [ErrorExamples.notFound('Event')])
  list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ListEventsQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<EventListDto> {
    // The client going away (the socket closes before we answered) ends the wait.
    const abort = new AbortController();
    const onClose = () => {
      if (!res.writableEnded) abort.abort();
    };
    res.once('close', onClose);
    const scope = {
      accountId: principal.accountId,
      ...visibleModes(principal),
      signWith: principal.via === 'jwt' ? ('webhook_secret' as const) : ('listen_secret' as const),
    };
    return this.events
      .list(scope, {
        after: query.after,
        limit: query.limit ?? EVENTS_DEFAULT_LIMIT,
        timeoutSeconds: query.timeout ?? EVENTS_MAX_WAIT_SECONDS,
        signal: abort.signal,
      })
      .finally(() => res.off('close', onClose));
  }
}
