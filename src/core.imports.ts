import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig, ConfigModule } from './config';
import { DatabaseModule } from './database/database.module';
import { dataSourceOptions } from './database/data-source-options';
import { ENTITIES } from './entities';
import { LoggingModule } from './infrastructure/logging/logging.module';
import { MailModule } from './infrastructure/mail/mail.module';
import { RedisModule } from './infrastructure/redis/redis.module';
import { StorageModule } from './infrastructure/storage/storage.module';
import { SweepScheduleModule } from './infrastructure/sweeps/sweep-schedule';

/** Infrastructure shared by the API and the worker roles. */
export function coreImports(config: AppConfig) {
  return [
    ConfigModule.forRoot(config),
    LoggingModule,
    TypeOrmModule.forRoot(dataSourceOptions(config.database, ENTITIES)),
    DatabaseModule,
    RedisModule,
    MailModule,
    StorageModule,
    SweepScheduleModule,
  ];
}
