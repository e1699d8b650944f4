import { Global, Module, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { RowWriter } from './insert-together';
import { isSqlite, sqliteState } from './transactions';

/** Database helpers shared by every module (the TypeORM connection itself comes from `TypeOrmModule.forRoot`). */
@Global()
@Module({ providers: [RowWriter], exports: [RowWriter] })
export class DatabaseModule implements OnModuleInit {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** On SQLite, every statement goes through the connection's turns from the start (see `runInTransaction`). */
  onModuleInit(): void {
    if (isSqlite(this.dataSource)) sqliteState(this.dataSource);
  }
}
