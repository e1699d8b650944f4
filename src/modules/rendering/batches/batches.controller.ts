import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
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
import { ErrorResponseDto } from '../../../common/openapi/error-response.dto';
import { Authenticated, CurrentPrincipal, Principal } from '../../auth';
import { Idempotent } from '../idempotency.interceptor';
import { BatchesService } from './batches.service';
import { AcceptedBatchDto, BatchDto } from './dto/batch-responses.dto';
import { CreateBatchDto } from './dto/create-batch.dto';

@ApiTags('Batches')
@Controller('v1')
@Authenticated()
export class BatchesController {
  constructor(private readonly batches: BatchesService) {}

  @Post('render/batch')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Create a batch of render jobs',
    description:
      'Up to 50 render requests, accepted whole or refused whole. The quota must cover every job; the concurrent limit does not refuse a batch: ' +
      'its jobs wait queued and start as slots free up. One batch.complete webhook fires when the last job ends; batch jobs send no render.* webhooks.',
  })
  @Idempotent()
  @ApiAcceptedResponse({ type: AcceptedBatchDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'VALIDATION_ERROR (issues named jobs[i].field; a per-job webhook_url is refused)' })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'EMAIL_NOT_VERIFIED, FEATURE_NOT_AVAILABLE' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_USE' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'RATE_LIMIT_EXCEEDED, RENDER_LIMIT_EXCEEDED (quota short for the whole batch)' })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateBatchDto): Promise<AcceptedBatchDto> {
    return this.batches.create(principal, body);
  }

  @Get('batch/:batch_id')
  @ApiOperation({ summary: 'Read a batch and its jobs' })
  @ApiOkResponse({ type: BatchDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'NOT_FOUND (also for another account’s batch)' })
  get(@CurrentPrincipal() principal: Principal, @Param('batch_id') batchId: string): Promise<BatchDto> {
    return this.batches.get(principal, batchId);
  }
}
