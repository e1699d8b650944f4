import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountPlan } from './entities/account-plan.entity';
import { PlansService } from './plans.service';

/** Account plans alone (tier + overrides), used by BillingModule and by operator tools (src/cli.ts). */
@Module({
  imports: [TypeOrmModule.forFeature([AccountPlan])],
  providers: [PlansService],
  exports: [PlansService],
})
export class PlansModule {}
