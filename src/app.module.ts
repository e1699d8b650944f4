import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { AppConfig } from './config';
import { JsonBodyGuard } from './common/http/json-body.guard';
import { coreImports } from './core.imports';
import { DashboardModule } from './infrastructure/dashboard/dashboard.module';
import { HealthModule } from './infrastructure/health/health.module';
import { AuthModule, IdentifyCallerGuard, RequireCallerGuard } from './modules/auth';
import { BillingModule, RateLimitGuard } from './modules/billing';
import { DeliveryModule, RenderingModule } from './modules/rendering';
import { WebhooksModule } from './modules/webhooks';
import { WorkerModule } from './worker.module';

/**
 * The HTTP API. Global guards run in this order: identify the caller → rate limit (per account,
 * or per IP when unauthenticated) → reject unauthenticated callers → read the JSON body (so
 * validation, in the global pipe, comes last). In the default `all` role the
 * worker runs in the same process.
 */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...coreImports(config),
        AuthModule,
        BillingModule,
        RenderingModule,
        DeliveryModule,
        WebhooksModule,
        HealthModule,
        DashboardModule.forRoot(config.http.dashboardDir, { quiet: config.env === 'test' }),
        ...(config.role === 'all' ? [WorkerModule.forRoot(config, { standalone: false })] : []),
      ],
      providers: [
        { provide: APP_GUARD, useExisting: IdentifyCallerGuard },
        { provide: APP_GUARD, useExisting: RateLimitGuard },
        { provide: APP_GUARD, useExisting: RequireCallerGuard },
        { provide: APP_GUARD, useClass: JsonBodyGuard },
      ],
    };
  }
}
