import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { IdColumn, JsonColumn, TimestampColumn } from '../../../database/columns';
import type { CreateRenderDto } from '../dto/create-render.dto';

/** Settings a template may hold: any render field but `template_id` and `webhook_url`, none required (contract §12). */
export type TemplateSettings = Partial<Omit<CreateRenderDto, 'template_id' | 'webhook_url'>>;

/** How many templates an account may keep (contract §12); the built-in ones are not counted. */
export const MAX_TEMPLATES_PER_ACCOUNT = 100;

/**
 * A saved set of render settings of one account (live and sandbox keys share them), merged under
 * the requests that name it. `settings` holds the fields as the account sent them, validated as a
 * render body's, so a request merged with them reads like one the client wrote itself.
 */
@Entity({ name: 'render_templates' })
@Index('idx_render_templates_account_slot', ['accountId', 'slot'], { unique: true })
@Index('idx_render_templates_account_created', ['accountId', 'createdAt'])
export class RenderTemplate {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @IdColumn({ name: 'account_id' })
  accountId: string;

  /**
   * 0 … MAX_TEMPLATES_PER_ACCOUNT - 1, unique per account: the database itself refuses a 101st
   * template, however many requests create one at the same moment (a slot is taken or it is not).
   * Deleting a template frees its slot.
   */
  @Column({ type: 'integer' })
  slot: number;

  @Column({ type: 'varchar', length: 80 })
  name: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  description: string | null;

  @JsonColumn()
  settings: TemplateSettings;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'updated_at' })
  updatedAt: Date;
}
