import { Controller, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponse, ErrorExamples } from '../../common/openapi/error-examples';
import { assertRecentLogin, AuthErrorExamples, Authenticated, CurrentPrincipal, Principal, visibleModes } from '../auth';
import { DeliveryDto, DeliveryListDto, ListDeliveriesQueryDto, SigningSecretDto } from './dto/webhook.dto';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { WebhookSecretsService } from './webhook-secrets.service';

/** The signing secret (dashboard only) and the delivery log (any credential). */
@ApiTags('Webhooks')
@Controller('v1/webhooks')
export class WebhooksController {
  constructor(
    private readonly secrets: WebhookSecretsService,
    private readonly deliveries: WebhookDeliveriesService,
  ) {}

  @Get('secret')
  @Header('Cache-Control', 'no-store')
  @Authenticated({ accessTokenOnly: true })
  @ApiOperation({
    operationId: 'getWebhookSecret',
    summary: 'Reveal the webhook signing secrets',
    description:
      'Created on first use. `secret` signs the webhooks of live work, `sandbox_secret` those of sandbox work (mapr_test_ keys); ' +
      'each payload says which in `sandbox`. Needs a login within the last hour.',
  })
  @ApiOkResponse({ type: SigningSecretDto })
  @ApiErrorResponse(403, 'REAUTHENTICATION_REQUIRED: the session is over an hour old; log in again', [
    AuthErrorExamples.reauthenticationRequiredForSecret,
  ])
  secret(@CurrentPrincipal() principal: Principal): Promise<SigningSecretDto> {
    assertRecentLogin(principal, 'read the webhook secret');
    return this.secrets.view(principal.accountId);
  }

  @Post('secret/rotate')
  @Header('Cache-Control', 'no-store')
  @HttpCode(200)
  @Authenticated({ accessTokenOnly: true })
  @ApiOperation({
    operationId: 'rotateWebhookSecret',
    summary: 'Rotate the webhook signing secrets',
    description:
      'Replaces `secret` and `sandbox_secret`; the previous ones keep signing in parallel for 24 h, each for its mode (a second v1= in ' +
      'X-Service-Signature-V2). Needs a login within the last hour.',
  })
  @ApiOkResponse({ type: SigningSecretDto })
  @ApiErrorResponse(403, 'REAUTHENTICATION_REQUIRED: the session is over an hour old; log in again', [
    AuthErrorExamples.reauthenticationRequiredForRotation,
  ])
  rotate(@CurrentPrincipal() principal: Principal): Promise<SigningSecretDto> {
    assertRecentLogin(principal, 'rotate the webhook secret');
    return this.secrets.rotate(principal.accountId);
  }

  @Get('deliveries')
  @Authenticated()
  @ApiOperation({
    operationId: 'listWebhookDeliveries',
    summary: 'List webhook deliveries with their attempts',
    description:
      'Newest first; filter by job_id or batch_id. A `mapr_test_` key sees the deliveries of sandbox work only, a live key those of ' +
      'live work only; a dashboard session sees both, each marked by `sandbox`.',
  })
  @ApiOkResponse({ type: DeliveryListDto })
  list(@CurrentPrincipal() principal: Principal, @Query() query: ListDeliveriesQueryDto): Promise<DeliveryListDto> {
    return this.deliveries.list(
      { accountId: principal.accountId, ...visibleModes(principal) },
      { jobId: query.job_id, batchId: query.batch_id },
    );
  }

  @Post('deliveries/:id/redeliver')
  @HttpCode(202)
  @Authenticated()
  @ApiOperation({
    operationId: 'redeliverWebhook',
    summary: 'Send a delivery again now',
    description:
      'Queues one more attempt with the same body and X-Service-Delivery; scheduled retries are unaffected. A key redelivers only ' +
      'deliveries of its own mode (a test key’s request for a live delivery is 404).',
  })
  @ApiAcceptedResponse({ type: DeliveryDto })
  @ApiErrorResponse(404, 'NOT_FOUND (also for another account’s delivery, or one of the other mode)', [
    ErrorExamples.notFound('Webhook delivery'),
  ])
  redeliver(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<DeliveryDto> {
    return this.deliveries.redeliver({ accountId: principal.accountId, ...visibleModes(principal) }, id);
  }
}
