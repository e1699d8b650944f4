import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiAcceptedResponse, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponse, ErrorExamples } from '../../../common/openapi/error-examples';
import { untilClientGone } from '../../../common/http/client-gone';
import { withEtag } from '../../../common/http/etag';
import { ETAG_HEADER_DOC, ETAG_READ_DOC, NOT_MODIFIED_RESPONSE } from '../../../common/openapi/conditional-read';
import { AuthErrorExamples, Authenticated, CurrentPrincipal, Principal } from '../../auth';
import { BillingErrorExamples } from '../../billing';
import { RenderingErrorExamples } from '../errors/rendering.errors';
import { ACCEPTED_HEADERS_DOC, announceAccepted } from '../intake/accepted-headers';
import { IdempotencyService } from '../intake/idempotency.service';
import { Idempotency, type IdempotentCall } from '../intake/idempotent-call';
import { BatchBodyParser } from './batch-body.parser';
import { BatchesService } from './batches.service';
import { AcceptedBatchDto, BatchDto, BatchListDto, GetBatchQueryDto, ListBatchesQueryDto } from './dto/batch-responses.dto';
import { CreateBatchDto } from './dto/create-batch.dto';
import { BATCH_BODY_EXAMPLES } from '../dto/render-examples';

@ApiTags('Batches')
@Controller('v1')
@Authenticated()
export class BatchesController {
  constructor(
    private readonly batches: BatchesService,
    private readonly idempotency: IdempotencyService,
    private readonly bodies: BatchBodyParser,
  ) {}

  @Post('render/batch')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'createBatch',
    summary: 'Create a batch of render jobs',
    description:
      'Up to 50 render requests, accepted whole or refused whole. The quota must cover every job; the concurrent limit does not refuse a batch: ' +
      'its jobs wait queued and start as slots free up. One batch.complete webhook fires when the last job ends; batch jobs send no render.* webhooks. ' +
      'Each job may name its own template_id.',
  })
  @ApiBody({ type: CreateBatchDto, examples: BATCH_BODY_EXAMPLES })
  @ApiAcceptedResponse({ type: AcceptedBatchDto, headers: ACCEPTED_HEADERS_DOC })
  @ApiErrorResponse(
    400,
    'VALIDATION_ERROR (issues named jobs[i].field; a per-job webhook_url is refused; unknown template_id: unknown_template)',
    [ErrorExamples.batchValidation],
  )
  @ApiErrorResponse(403, 'EMAIL_NOT_VERIFIED, FEATURE_NOT_AVAILABLE', [
    AuthErrorExamples.emailNotVerified,
    BillingErrorExamples.featureNotAvailable,
  ])
  @ApiErrorResponse(409, 'IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_USE', [
    RenderingErrorExamples.idempotencyKeyReused,
    RenderingErrorExamples.idempotencyKeyInUse,
  ])
  @ApiErrorResponse(
    422,
    'ROAD_ROUTE_ERROR: a job with a leg by car or truck (or route.mode "road") while no road router is configured (ROAD_NETWORK_FILE, ' +
      'ROAD_ROUTER_URL), refused whole before any job or quota; the message names the job, the leg and both settings',
    [RenderingErrorExamples.noRoadRouterInBatch],
  )
  @ApiErrorResponse(429, 'RATE_LIMIT_EXCEEDED, RENDER_LIMIT_EXCEEDED (quota short for the whole batch)', [
    BillingErrorExamples.rateLimitExceeded,
    BillingErrorExamples.renderLimitExceeded,
  ])
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: unknown,
    @Idempotency() call: IdempotentCall,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AcceptedBatchDto> {
    // Validated here, each job merged with its template first (BatchBodyParser), not by the global pipe: `unknown` skips it.
    const batch = await this.bodies.parse(principal, body);
    const accepted = await this.idempotency.respond(
      call,
      () => this.batches.create(principal, batch, call.key),
      (key, since) => this.batches.acceptedUnder(principal, key, since),
    );
    announceAccepted(res, accepted.status_url);
    return accepted;
  }

  @Get('batch/:batch_id')
  @ApiOperation({
    operationId: 'getBatch',
    summary: 'Read a batch and its jobs',
    description:
      'The batch’s status, its jobs in the order submitted (with `video_url` or the failure) and the counts per state. To ' +
      'wait for a batch without spending the rate limit, ask with `wait=25` again and again: each answer comes as soon as ' +
      `one of its jobs starts or ends, or after 25 s as it is then. ${ETAG_READ_DOC}`,
  })
  @ApiOkResponse({ type: BatchDto, headers: ETAG_HEADER_DOC })
  @NOT_MODIFIED_RESPONSE()
  @ApiErrorResponse(404, 'NOT_FOUND (also for another account’s batch)', [ErrorExamples.notFound('Batch')])
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param('batch_id') batchId: string,
    @Query() query: GetBatchQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<BatchDto> {
    return withEtag(res, await untilClientGone(res, (gone) => this.batches.get(principal, batchId, query.wait ?? 0, gone)));
  }

  @Get('batches')
  @ApiOperation({
    operationId: 'listBatches',
    summary: 'List batches, newest first, with cursor paging',
    description:
      'The account’s batches (a sandbox key sees only sandbox batches, a live credential only live ones), each with its jobs and counts as GET /v1/batch/{batch_id} gives them.',
  })
  @ApiOkResponse({
    type: BatchListDto,
    examples: {
      page: {
        summary: 'A page of one batch, with more to come',
        value: {
          data: [
            {
              batch_id: 'batch_5Gh1kL8mN2pQ7rS4tV9wX3yZ',
              status: 'processing',
              jobs: [
                {
                  job_id: 'job_7Hk2LmQ9xP4vN8sR1tZc6WbY',
                  status: 'complete',
                  video_url: 'https://cdn.mapr.example/renders/job_7Hk2LmQ9xP4vN8sR1tZc6WbY.mp4',
                },
                { job_id: 'job_2Qw8ErT5yU1iO4pA7sD3fG6h', status: 'processing' },
              ],
              completed: 1,
              failed: 0,
              processing: 1,
              queued: 0,
              total: 2,
              created_at: '2026-11-22T10:00:00.000Z',
              completed_at: null,
            },
          ],
          next_cursor: 'eyJ0IjoxNzk1MzQ4ODAwMDAwLCJpZCI6ImJhdGNoXzVHaDFrTDhtTjJwUTdyUzR0Vjl3WDN5WiJ9',
        } satisfies BatchListDto,
      },
    },
  })
  @ApiErrorResponse(400, 'VALIDATION_ERROR (limit out of 1–100, or a cursor that is not a next_cursor)', [ErrorExamples.invalidCursor])
  list(@CurrentPrincipal() principal: Principal, @Query() query: ListBatchesQueryDto): Promise<BatchListDto> {
    return this.batches.list(principal, { limit: query.limit ?? 20, cursor: query.cursor });
  }
}
