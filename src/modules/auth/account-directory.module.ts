import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountDirectory } from './account-directory.service';
import { User } from './entities/user.entity';

/** The account directory alone (no HTTP, no guards), for operator tools such as src/cli.ts. */
@Module({
  imports: [TypeOrmModule.forFeature([User])],
  providers: [AccountDirectory],
  exports: [AccountDirectory],
})
export class AccountDirectoryModule {}
