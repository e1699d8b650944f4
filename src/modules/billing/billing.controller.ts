import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentPrincipal, Principal } from '../auth';
import { AccountDto, PlanListDto, UsageDto } from './dto/usage.dto';
import { TIERS } from './tiers';
import { UsageService } from './usage.service';

/** The plans anyone can be on; enterprise limits are agreed per account. */
const PUBLISHED_PLANS = ['free', 'creator', 'studio'] as const;

@ApiTags('Account and usage')
@Controller('v1')
@Authenticated()
export class BillingController {
  constructor(private readonly usage: UsageService) {}

  @Get('usage')
  @ApiOperation({
    operationId: 'getUsage',
    summary: 'Read render quota usage for the current billing period',
    description: 'Renders used and left this UTC calendar month, and when the quota resets.',
  })
  @ApiOkResponse({ type: UsageDto })
  getUsage(@CurrentPrincipal() principal: Principal): Promise<UsageDto> {
    return this.usage.usage(principal.accountId);
  }

  @Get('plans')
  @ApiOperation({
    operationId: 'listPlans',
    summary: 'List the plans and what each allows',
    description:
      'The published plans with the limits of each, the same fields as `limits` in GET /v1/account: to tell a person which plan lifts a limit they met.',
  })
  @ApiOkResponse({ type: PlanListDto })
  listPlans(): PlanListDto {
    return { plans: PUBLISHED_PLANS.map((id) => ({ id, name: TIERS[id].name, limits: TIERS[id].limits })) };
  }

  @Get('account')
  @ApiOperation({
    operationId: 'getAccount',
    summary: 'Read the account, its tier and its limits',
    description:
      'Who the credential belongs to, the plan’s tier and what it allows (renders per month, duration, resolutions, rate, concurrency).',
  })
  @ApiOkResponse({ type: AccountDto })
  async getAccount(@CurrentPrincipal() principal: Principal): Promise<AccountDto> {
    const { tier, limits } = await this.usage.limitsFor(principal.accountId);
    return {
      id: principal.accountId,
      email: principal.email,
      name: principal.name,
      emailVerified: principal.emailVerified,
      tier,
      limits,
      created_at: principal.accountCreatedAt.toISOString(),
    };
  }
}
