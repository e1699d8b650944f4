import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { User } from './entities/user.entity';

/** What operator tools (src/cli.ts) may know of an account. */
export interface AccountSummary {
  id: string;
  email: string;
  emailVerified: boolean;
}

/** Account look-ups for operator tools: by e-mail, and marking an address verified (support cases). */
@Injectable()
export class AccountDirectory {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  async findByEmail(email: string): Promise<AccountSummary | null> {
    const user = await this.users.findOneBy({ email: email.trim().toLowerCase() });
    return user && { id: user.id, email: user.email, emailVerified: user.emailVerified };
  }

  async markEmailVerified(accountId: string): Promise<void> {
    await this.users.update({ id: accountId }, { emailVerified: true, emailVerifiedAt: new Date() });
  }
}
