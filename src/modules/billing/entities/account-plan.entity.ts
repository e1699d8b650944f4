import { Column, Entity, PrimaryColumn } from 'typeorm';
import { JsonColumn, TimestampColumn } from '../../../database/columns';
import type { TierId, TierLimits } from '../tiers';

/**
 * An account's plan. Accounts without a row are on the Free tier; `overrides` holds the limits of
 * a custom enterprise plan, merged over the tier's.
 */
@Entity({ name: 'account_plans' })
export class AccountPlan {
  @PrimaryColumn({ name: 'account_id', type: 'varchar', length: 40 })
  accountId: string;

  @Column({ type: 'varchar', length: 20 })
  tier: TierId;

  @JsonColumn({ nullable: true })
  overrides: Partial<TierLimits> | null;

  @TimestampColumn({ name: 'updated_at' })
  updatedAt: Date;
}
