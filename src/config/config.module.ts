import { DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from './configuration';

/** Injection token of the validated configuration. */
export const APP_CONFIG = Symbol('APP_CONFIG');

/** Makes the configuration loaded (and validated) at boot injectable everywhere. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}
