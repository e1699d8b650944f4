import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrorResponse, ErrorExamples } from '../../common/openapi/error-examples';
import { Authenticated, CurrentPrincipal, Principal } from '../auth';
import { AccountEventsService } from './account-events.service';
import { EVENTS_DEFAULT_LIMIT, EVENTS_MAX_WAIT_SECONDS, EventListDto, ListEventsQueryDto } from './dto/event.dto';

/** The account's event stream (contract §17), for `mapr webhooks listen` and anyone without a public URL. */
@ApiTags('Webhooks')
@Controller('v1/events')
export class EventsController {
  constructor(private readonly events: AccountEventsService) {}

  @Get()
  @Authenticated()
  @ApiOperation({
    operationId: 'listEvents',
    summary: 'Read the account’s webhook events, long-polled',
    description:
      'Every render.complete, render.failed and batch.complete of the account, whether or not it was sent to a webhook_url, ' +
      'oldest first. With `after`, answers with the events recorded after that one; when there is none yet, waits up to ' +
      '`timeout` seconds (25 at most) and answers as soon as one is recorded, else with an empty `data`. Without `after`, answers ' +
      'at once with the latest events. Each event carries the exact webhook `body` and its signature `headers`, signed now with ' +
      'the account’s secret, so it can be forwarded to a local receiver unchanged. A waiting request counts once against the rate limit.',
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
    return this.events
      .list(principal.accountId, {
        after: query.after,
        limit: query.limit ?? EVENTS_DEFAULT_LIMIT,
        timeoutSeconds: query.timeout ?? EVENTS_MAX_WAIT_SECONDS,
        signal: abort.signal,
      })
      .finally(() => res.off('close', onClose));
  }
}
