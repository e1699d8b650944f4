import { Global, Module } from '@nestjs/common';
import { RowWriter } from './insert-together';

/** Database helpers shared by every module (the TypeORM connection itself comes from `TypeOrmModule.forRoot`). */
@Global()
@Module({ providers: [RowWriter], exports: [RowWriter] })
export class DatabaseModule {}
