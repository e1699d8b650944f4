import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { ErrorResponseDto } from '../../common/openapi/error-response.dto';
import { Authenticated, CurrentPrincipal, Principal } from '../auth';
import { CreateRenderDto } from './dto/create-render.dto';
import { AcceptedRenderDto, JobListDto, JobRecordDto, ListJobsQueryDto, RouteGeoJsonDto } from './dto/render-responses.dto';
import { Idempotent } from './idempotency.interceptor';
import { RenderIntakeService } from './render-intake.service';
import { RenderJobsService } from './render-jobs.service';

const NOT_FOUND = { type: ErrorResponseDto, description: 'NOT_FOUND (also for another account’s job)' };

@ApiTags('Renders')
@Controller('v1')
@Authenticated()
export class RenderController {
  constructor(
    private readonly intake: RenderIntakeService,
    private readonly jobs: RenderJobsService,
  ) {}

  @Post('render')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Create a render job',
    description:
      'Validates the request, checks the plan (e-mail verified, tier features, monthly quota, concurrent jobs) and queues the job. ' +
      'The result arrives by webhook (render.complete / render.failed) or by polling status_url.',
  })
  @Idempotent()
  @ApiAcceptedResponse({ type: AcceptedRenderDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'VALIDATION_ERROR (every bad field listed; duration above the tier maximum has issue code DURATION_EXCEEDS_TIER_LIMIT)' })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'EMAIL_NOT_VERIFIED, FEATURE_NOT_AVAILABLE' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_USE' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'RATE_LIMIT_EXCEEDED, RENDER_LIMIT_EXCEEDED, CONCURRENT_JOB_LIMIT' })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateRenderDto): Promise<AcceptedRenderDto> {
    return this.intake.create(principal, body);
  }

  @Get('render/:job_id')
  @ApiOperation({ summary: 'Read a job (poll its status)' })
  @ApiOkResponse({ type: JobRecordDto })
  @ApiNotFoundResponse(NOT_FOUND)
  async get(@CurrentPrincipal() principal: Principal, @Param('job_id') jobId: string): Promise<JobRecordDto> {
    return this.jobs.present(await this.jobs.findOwned(principal, jobId));
  }

  @Get('status/:job_id')
  @ApiOperation({ summary: 'Read a job (alias of GET /v1/render/{job_id})' })
  @ApiOkResponse({ type: JobRecordDto })
  @ApiNotFoundResponse(NOT_FOUND)
  status(@CurrentPrincipal() principal: Principal, @Param('job_id') jobId: string): Promise<JobRecordDto> {
    return this.get(principal, jobId);
  }

  @Get('renders')
  @ApiOperation({ summary: 'List jobs, newest first, with cursor paging' })
  @ApiOkResponse({ type: JobListDto })
  list(@CurrentPrincipal() principal: Principal, @Query() query: ListJobsQueryDto): Promise<JobListDto> {
    return this.jobs.list(principal, { status: query.status, limit: query.limit ?? 20, cursor: query.cursor });
  }

  @Delete('render/:job_id')
  @ApiOperation({ summary: 'Cancel a queued or processing job', description: 'The render is given back to the quota.' })
  @ApiOkResponse({ type: JobRecordDto })
  @ApiNotFoundResponse(NOT_FOUND)
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'JOB_NOT_CANCELLABLE (already complete, failed or cancelled)' })
  async cancel(@CurrentPrincipal() principal: Principal, @Param('job_id') jobId: string): Promise<JobRecordDto> {
    return this.jobs.present(await this.jobs.cancel(principal, jobId));
  }

  @Get('render/:job_id/route')
  @ApiOperation({ summary: 'The job’s routed legs as GeoJSON', description: 'Available once the job has been routed (when it starts processing).' })
  @ApiOkResponse({ type: RouteGeoJsonDto })
  @ApiNotFoundResponse(NOT_FOUND)
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'ROUTE_NOT_READY' })
  route(@CurrentPrincipal() principal: Principal, @Param('job_id') jobId: string): Promise<RouteGeoJsonDto> {
    return this.jobs.route(principal, jobId);
  }
}
