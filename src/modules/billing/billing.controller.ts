import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentPrincipal, Principal } from '../auth';
import { AccountDto, UsageDto } from './dto/usage.dto';
import { SELF_SERVE_TIERS, TIERS } from './tiers';
import { UsageService } from './usage.service';

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

  @Get('account')
  @ApiOperation({
    operationId: 'getAccount',
    summary: 'Read the account, its tier and its limits',
    description:
      'Who the credential belongs to, the plan’s tier and what it allows (renders per month, duration, resolutions, rate, ' +
      'concurrency), and the self-serve plans with theirs.',
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
      plans: SELF_SERVE_TIERS.map((id) => ({ tier: id, name: TIERS[id].name, limits: TIERS[id].limits })),
      created_at: principal.accountCreatedAt.toISOString(),
    };
  }
}
