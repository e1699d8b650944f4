import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiAcceptedResponse, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponse, ErrorExamples, RETRY_AFTER_HEADER } from '../../../common/openapi/error-examples';
import { untilClientGone } from '../../../common/http/client-gone';
import { withEtag } from '../../../common/http/etag';
import { ETAG_HEADER_DOC, ETAG_READ_DOC, NOT_MODIFIED_RESPONSE } from '../../../common/openapi/conditional-read';
import { ACCEPTED_HEADERS_DOC, announceAccepted } from './accepted-headers';
import { AuthErrorExamples, Authenticated, CurrentPrincipal, Principal } from '../../auth';
import { RoutingError } from '../../routing';
import { BillingErrorExamples } from '../../billing';
import { requestSource } from '../../../common/http/request-source';
import { RenderingErrorExamples } from '../errors/rendering.errors';
import { CreateRenderDto } from '../dto/create-render.dto';
import { RENDER_BODY_EXAMPLES } from '../dto/render-examples';
import { JOB_RECORD_EXAMPLES } from '../dto/job-record.examples';
import { PREVIEW_DURATION_EXCEEDED, PREVIEW_EXAMPLES } from '../dto/render-preview.examples';
import {
  AcceptedRenderDto,
  GetRenderQueryDto,
  JobListDto,
  JobRecordDto,
  ListJobsQueryDto,
  RouteGeoJsonDto,
} from '../dto/render-responses.dto';
import { IdempotencyService } from './idempotency.service';
import { Idempotency, type IdempotentCall } from './idempotent-call';
import { RenderIntakeService } from './render-intake.service';
import { RenderPreviewService } from '../preview/render-preview.service';
import { PreviewStillQueryDto, RenderPreviewDto } from '../dto/render-preview.dto';
import { PreviewStillService } from '../preview/preview-still.service';
import { RenderBodyParser } from '../templates/render-body.parser';
import { RenderJobsService } from './render-jobs.service';

const { complete, processing, failed } = JOB_RECORD_EXAMPLES;
const JOB_STATE_EXAMPLES = { complete, processing, failed };

const NOT_FOUND_RESPONSE = () =>
  ApiErrorResponse(404, 'NOT_FOUND (also for another account’s job)', [ErrorExamples.notFound('Render job')]);

/**
 * Previews answer a route that cannot be planned with the code a job would fail with, and one that takes longer to plan
 * than the preview's routing budget with ROUTE_TOO_COMPLEX (contract §27).
 */
const UNROUTABLE_RESPONSE = () =>
  ApiErrorResponse(
    422,
    'MARITIME_ROUTE_ERROR, ROAD_ROUTE_ERROR: a leg or route that cannot be routed, named; ROUTE_TOO_COMPLEX: its sea and road ' +
      'legs took longer to plan than a preview may (5 s unless the operator set PREVIEW_ROUTING_BUDGET_MS)',
    [
      {
        summary: 'A sea leg from far inland',
        error: new RoutingError('MARITIME_ROUTE_ERROR', 'Leg 1 (Ulaanbaatar → Denver): Ulaanbaatar is 1,390 km from navigable water'),
      },
      RenderingErrorExamples.noRoadRouter,
      RenderingErrorExamples.routeTooComplex,
    ],
  );

@ApiTags('Renders')
@Controller('v1')
@Authenticated()
export class RenderController {
  constructor(
    private readonly intake: RenderIntakeService,
    private readonly jobs: RenderJobsService,
    private readonly idempotency: IdempotencyService,
    private readonly bodies: RenderBodyParser,
    private readonly previews: RenderPreviewService,
    private readonly stills: PreviewStillService,
  ) {}

  @Post('render')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'createRender',
    summary: 'Create a render job',
    description:
      'Validates the request, checks the plan (e-mail verified, tier features, monthly quota, concurrent jobs) and queues the job. ' +
      'With template_id, the template’s settings are merged under the request first, and the merged request is what is validated and stored. ' +
      'The result arrives by webhook (render.complete / render.failed) or by polling status_url, which the 202 also gives as ' +
      '`Location`, with `Retry-After` as the seconds to wait before the first poll.',
  })
  @ApiBody({ type: CreateRenderDto, examples: RENDER_BODY_EXAMPLES })
  @ApiAcceptedResponse({ type: AcceptedRenderDto, headers: ACCEPTED_HEADERS_DOC })
  @ApiErrorResponse(
    400,
    'VALIDATION_ERROR (every bad field listed; duration above the tier maximum has issue code DURATION_EXCEEDS_TIER_LIMIT; ' +
      'an unknown or another account’s template_id has issue code unknown_template)',
    [ErrorExamples.renderValidation, ErrorExamples.renderValidationMany, ErrorExamples.durationExceeded, ErrorExamples.unknownTemplate],
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
    'ROAD_ROUTE_ERROR: a leg by car or truck (or route.mode "road") while no road router is configured (ROAD_NETWORK_FILE, ' +
      'ROAD_ROUTER_URL), refused before any job or quota; the message names the leg and both settings',
    [RenderingErrorExamples.noRoadRouter],
  )
  @ApiErrorResponse(
    429,
    'RATE_LIMIT_EXCEEDED (Retry-After: when the window resets), RENDER_LIMIT_EXCEEDED (Retry-After: when the quota resets), ' +
      'CONCURRENT_JOB_LIMIT (Retry-After: when the active job expected to end first should end, from its estimate; 5 s to 5 minutes)',
    [BillingErrorExamples.rateLimitExceeded, BillingErrorExamples.renderLimitExceeded, BillingErrorExamples.concurrentJobLimit],
    RETRY_AFTER_HEADER,
  )
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: unknown,
    @Idempotency() call: IdempotentCall,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AcceptedRenderDto> {
    // The body is validated here, after its template is merged in (RenderBodyParser), not by the global pipe: `unknown` skips it.
    const request = await this.bodies.render(principal, body);
    const accepted = await this.idempotency.respond(
      call,
      () => this.intake.create(principal, request, call.key),
      (key, since) => this.intake.acceptedUnder(principal, key, since),
    );
    announceAccepted(res, accepted.status_url, accepted.estimated_duration_seconds);
    return accepted;
  }

  @Post('render/preview')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'previewRender',
    summary: 'Preview a render: the exact input the worker would render, free',
    description:
      'Takes the body of POST /v1/render (templates and modes included) and runs the same validation and routing, then answers ' +
      'with the composition, its props and the route, instead of a job: render the props with the composition in a browser ' +
      '(Remotion Player) to see the frames the video will have. Durations and resolutions up to the largest plan’s (Studio: 45 s, ' +
      '4k) are previewed on every plan; what POST /v1/render would refuse of the body that a plan, a verified e-mail or the next ' +
      'billing period lifts (a duration or resolution over the plan, an unverified e-mail, the month’s quota used) comes back ' +
      'as `render_allowed: false` with `render_refusals`, each with the code and message the render would answer and the plan ' +
      'that lifts it. POST /v1/render itself keeps every check. A `webhook_url` is checked for its syntax only (a preview sends ' +
      'nothing). Uses no quota and creates no job; counts toward the rate limit. A route that cannot be planned answers 422 with ' +
      'the code a job would fail with.',
  })
  @ApiBody({ type: CreateRenderDto, examples: RENDER_BODY_EXAMPLES })
  @ApiOkResponse({
    type: RenderPreviewDto,
    examples: PREVIEW_EXAMPLES,
  })
  @ApiErrorResponse(
    400,
    'VALIDATION_ERROR, as for POST /v1/render; a duration over the largest plan’s has issue code DURATION_EXCEEDS_TIER_LIMIT',
    [ErrorExamples.renderValidation, PREVIEW_DURATION_EXCEEDED],
  )
  @UNROUTABLE_RESPONSE()
  @ApiErrorResponse(429, 'RATE_LIMIT_EXCEEDED', [BillingErrorExamples.rateLimitExceeded])
  preview(@CurrentPrincipal() principal: Principal, @Body() body: unknown): Promise<RenderPreviewDto> {
    // Like create: the body is validated after its template is merged in, by RenderPreviewService's parser.
    return this.previews.preview(principal, body);
  }

  @Post('render/preview/still')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'previewRenderStill',
    summary: 'Preview a render as a picture: one frame as a PNG, free',
    description:
      'Takes the body of POST /v1/render and runs the checks and routing of POST /v1/render/preview (same errors; durations and ' +
      'resolutions up to the largest plan’s are drawn, whatever the caller’s plan), then draws one ' +
      'frame of exactly what the render would show and answers it as `image/png` at the video’s size (`Cache-Control: no-store`). ' +
      'By default the last frame, which is the job’s thumbnail; `?frame=` picks another. For clients without a browser of their ' +
      'own (`mapr preview FILE.json --out still.png`). Uses no quota and creates no job; counts toward the rate limit; needs a ' +
      'verified e-mail. A resolution above the plan’s own is drawn at 1080p at most (same aspect ratio). Stills are drawn one at a ' +
      'time by each API process with a short wait line, and each has 30 s from its request (waiting included): a still that the ' +
      'stills ahead of it would not leave time to be drawn is refused at once, 429 PREVIEW_STILL_BUSY with Retry-After; one that ' +
      'runs past its 30 s anyway is cancelled, 503 SERVICE_UNAVAILABLE with Retry-After. An account has one still in flight ' +
      '(429 PREVIEW_STILL_IN_PROGRESS) and its plan’s stills a minute; one network address, 30 stills a minute across its ' +
      'accounts (429 PREVIEW_STILL_LIMIT_EXCEEDED).',
  })
  @ApiBody({ type: CreateRenderDto, examples: RENDER_BODY_EXAMPLES })
  @ApiOkResponse({
    description:
      'The frame as a PNG of the video’s width × height (1280 × 720 for a 720p 16:9 render), e.g. Lisbon → New York at its last ' +
      'frame: the whole route drawn, the vehicle at New York. Headers: `Content-Type: image/png`, `Cache-Control: no-store`, ' +
      '`X-Preview-Frame` (the frame drawn).',
    content: { 'image/png': { schema: { type: 'string', format: 'binary' } } },
    headers: {
      'X-Preview-Frame': { description: 'The frame drawn, from 0 (the last one unless `frame` was given).', schema: { type: 'integer' } },
      'Cache-Control': { description: '`no-store`: the still is drawn for this request.', schema: { type: 'string' } },
    },
  })
  @ApiErrorResponse(
    400,
    'VALIDATION_ERROR, as for POST /v1/render; a frame past the last one has issue code too_big, a negative one too_small',
    [ErrorExamples.renderValidation, PREVIEW_DURATION_EXCEEDED, RenderingErrorExamples.frameOutOfRange],
  )
  @UNROUTABLE_RESPONSE()
  @ApiErrorResponse(403, 'EMAIL_NOT_VERIFIED: stills are drawn for accounts with a verified e-mail', [
    AuthErrorExamples.emailNotVerifiedForStills,
  ])
  @ApiErrorResponse(
    429,
    'RATE_LIMIT_EXCEEDED; PREVIEW_STILL_IN_PROGRESS, PREVIEW_STILL_LIMIT_EXCEEDED and PREVIEW_STILL_BUSY with Retry-After',
    [
      BillingErrorExamples.rateLimitExceeded,
      RenderingErrorExamples.stillInProgress,
      RenderingErrorExamples.stillLimitExceeded,
      RenderingErrorExamples.stillSourceLimitExceeded,
      RenderingErrorExamples.stillsBusy,
    ],
    RETRY_AFTER_HEADER,
  )
  @ApiErrorResponse(
    503,
    'SERVICE_UNAVAILABLE, with Retry-After: the still was not drawn within its 30 s (waiting included) and was cancelled',
    [RenderingErrorExamples.stillTimedOut],
    RETRY_AFTER_HEADER,
  )
  async previewStill(
    @CurrentPrincipal() principal: Principal,
    @Body() body: unknown,
    @Query() query: PreviewStillQueryDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const still = await this.stills.still(principal, requestSource(req.ip ?? 'unknown'), body, query.frame);
    res.setHeader('X-Preview-Frame', String(still.frame));
    return new StreamableFile(still.png, { type: 'image/png', length: still.png.length });
  }

  @Get('render/:job_id')
  @ApiOperation({
    operationId: 'getRender',
    summary: 'Read a job (poll its status)',
    description:
      'The job record: status and progress, the video’s URLs once complete, the failure code once failed. To wait for a ' +
      'render without spending the rate limit, ask with `wait=25` again and again: each answer comes as soon as the status ' +
      `changes, or after 25 s with the progress. ${ETAG_READ_DOC}`,
  })
  @ApiOkResponse({ type: JobRecordDto, description: 'The job record.', examples: JOB_STATE_EXAMPLES, headers: ETAG_HEADER_DOC })
  @NOT_MODIFIED_RESPONSE()
  @NOT_FOUND_RESPONSE()
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param('job_id') jobId: string,
    @Query() query: GetRenderQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<JobRecordDto> {
    const job = await untilClientGone(res, (gone) => this.jobs.findOwnedOnChange(principal, jobId, query.wait ?? 0, gone));
    return withEtag(res, this.jobs.present(job));
  }

  @Get('status/:job_id')
  @ApiOperation({
    operationId: 'getRenderStatus',
    summary: 'Read a job (alias of GET /v1/render/{job_id})',
    description: `The same job record as GET /v1/render/{job_id}. ${ETAG_READ_DOC}`,
  })
  @ApiOkResponse({ type: JobRecordDto, description: 'The job record.', examples: JOB_STATE_EXAMPLES, headers: ETAG_HEADER_DOC })
  @NOT_MODIFIED_RESPONSE()
  @NOT_FOUND_RESPONSE()
  status(
    @CurrentPrincipal() principal: Principal,
    @Param('job_id') jobId: string,
    @Query() query: GetRenderQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<JobRecordDto> {
    return this.get(principal, jobId, query, res);
  }

  @Get('renders')
  @ApiOperation({
    operationId: 'listRenders',
    summary: 'List jobs, newest first, with cursor paging',
    description: 'The account’s jobs, optionally of one status; follow `next_cursor` until it is null.',
  })
  @ApiOkResponse({
    type: JobListDto,
    description: 'A page of jobs.',
    example: { data: [JOB_RECORD_EXAMPLES.complete.value], next_cursor: 'eyJ0IjoxNzY0MDAwMDAwMDAwLCJpZCI6ImpvYl8uLi4ifQ' },
  })
  list(@CurrentPrincipal() principal: Principal, @Query() query: ListJobsQueryDto): Promise<JobListDto> {
    return this.jobs.list(principal, { status: query.status, limit: query.limit ?? 20, cursor: query.cursor });
  }

  @Delete('render/:job_id')
  @ApiOperation({
    operationId: 'cancelRender',
    summary: 'Cancel a queued or processing job',
    description: 'The render is given back to the quota.',
  })
  @ApiOkResponse({ type: JobRecordDto, description: 'The cancelled job.', example: JOB_RECORD_EXAMPLES.cancelled.value })
  @NOT_FOUND_RESPONSE()
  @ApiErrorResponse(409, 'JOB_NOT_CANCELLABLE (already complete, failed or cancelled)', [RenderingErrorExamples.jobNotCancellable])
  async cancel(@CurrentPrincipal() principal: Principal, @Param('job_id') jobId: string): Promise<JobRecordDto> {
    return this.jobs.present(await this.jobs.cancel(principal, jobId));
  }

  @Get('render/:job_id/route')
  @ApiOperation({
    operationId: 'getRenderRoute',
    summary: 'The job’s routed legs as GeoJSON',
    description: `Available once the job has been routed (when it starts processing). ${ETAG_READ_DOC}`,
  })
  @ApiOkResponse({ type: RouteGeoJsonDto, headers: ETAG_HEADER_DOC })
  @NOT_MODIFIED_RESPONSE()
  @NOT_FOUND_RESPONSE()
  @ApiErrorResponse(409, 'ROUTE_NOT_READY', [RenderingErrorExamples.routeNotReady])
  async route(
    @CurrentPrincipal() principal: Principal,
    @Param('job_id') jobId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<RouteGeoJsonDto> {
    return withEtag(res, await this.jobs.route(principal, jobId));
  }
}
