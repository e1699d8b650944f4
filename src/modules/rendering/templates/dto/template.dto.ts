import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { IsDefined, IsObject, IsOptional, IsString, Length, MaxLength, ValidateIf } from 'class-validator';
import { PlainText } from '../../../../common/text/plain-text';
import { CreateRenderDto } from '../../dto/create-render.dto';
import type { TemplateSettings } from '../render-template.entity';

/**
 * The shape of `settings` in OpenAPI: every render field but `template_id` and `webhook_url`, none
 * required. Documentation only: settings are validated by `templateSettingsIssues` with the render
 * body's own rules, so fields added to CreateRenderDto appear here and are checked there unchanged.
 */
export class TemplateSettingsDto extends PartialType(OmitType(CreateRenderDto, ['template_id', 'webhook_url'] as const)) {}

/** A template's name: its format characters stripped (plain-text.ts), trimmed. */
const trimmed = PlainText({ trim: true });

const SETTINGS_DOC = {
  type: TemplateSettingsDto,
  description:
    'Render fields (as in POST /v1/render) merged under every request that names this template; the request’s own fields win, ' +
    'objects merge key by key, arrays are replaced whole. Validated as a render body is (issues named `settings.<field>`), ' +
    'but nothing is required: `waypoints` may be left out. `template_id` and `webhook_url` are refused.',
  example: { style: 'maritime-dark', transport: 'ship', route: { mode: 'sea' }, camera: { preset: 'cinematic' } },
};

const settingsMustBeObject = { message: 'settings must be an object of render fields, e.g. {"style":"dark"}' };

/** Body of POST /v1/templates. */
export class CreateTemplateDto {
  @ApiProperty({ example: 'Weekly shipping update', minLength: 1, maxLength: 80 })
  @IsDefined()
  @trimmed
  @IsString()
  @Length(1, 80)
  name: string;

  @ApiPropertyOptional({ example: 'Dark map, sea routes, our brand colour.', maxLength: 500 })
  @IsOptional()
  @PlainText()
  @IsString()
  @MaxLength(500)
  description?: string;

  @ApiProperty(SETTINGS_DOC)
  @IsDefined()
  @IsObject(settingsMustBeObject)
  settings: TemplateSettings;
}

/** Body of PUT /v1/templates/{id}: any of the three; `settings` replaces the stored settings whole. */
export class UpdateTemplateDto {
  @ApiPropertyOptional({ example: 'Weekly shipping update', minLength: 1, maxLength: 80 })
  @ValidateIf((o: UpdateTemplateDto) => o.name !== undefined)
  @trimmed
  @IsString()
  @Length(1, 80)
  name?: string;

  @ApiPropertyOptional({ example: 'Dark map, sea routes, our brand colour.', maxLength: 500, nullable: true, type: String })
  @IsOptional()
  @PlainText()
  @IsString()
  @MaxLength(500)
  description?: string | null;

  @ApiPropertyOptional(SETTINGS_DOC)
  @ValidateIf((o: UpdateTemplateDto) => o.settings !== undefined)
  @IsObject(settingsMustBeObject)
  settings?: TemplateSettings;
}

export class TemplateSummaryDto {
  @ApiProperty({ example: 'tpl_3kR8vN2xQ7mL9pT4wZ1cB6yH' }) id: string;
  @ApiProperty({ example: 'Weekly shipping update' }) name: string;
  @ApiProperty({ example: 'Dark map, sea routes, our brand colour.', nullable: true, type: String }) description: string | null;
  @ApiProperty({ example: '2026-12-02T10:00:00.000Z' }) created_at: string;
  @ApiProperty({ example: '2026-12-02T10:00:00.000Z' }) updated_at: string;
  @ApiProperty({ example: false, description: 'A starter template of the service: the same for everyone, read-only.' }) builtin: boolean;
  @ApiProperty({
    example: 'maritime-dark',
    nullable: true,
    type: String,
    description: 'The map style its settings name (its picture is that style’s `preview_url` in GET /v1/styles); null: the default.',
  })
  style: string | null;
}

export class TemplateDto {
  @ApiProperty({ example: 'tpl_3kR8vN2xQ7mL9pT4wZ1cB6yH' }) id: string;
  @ApiProperty({ example: 'Weekly shipping update' }) name: string;
  @ApiProperty({ example: 'Dark map, sea routes, our brand colour.', nullable: true, type: String }) description: string | null;
  @ApiProperty({ type: TemplateSettingsDto, description: 'The render fields, as saved.' }) settings: TemplateSettings;
  @ApiProperty({ example: '2026-12-02T10:00:00.000Z' }) created_at: string;
  @ApiProperty({ example: '2026-12-02T10:00:00.000Z' }) updated_at: string;
  @ApiProperty({ example: false, description: 'A starter template of the service: the same for everyone, read-only.' }) builtin: boolean;
}

export class TemplateListDto {
  @ApiProperty({ type: [TemplateSummaryDto], description: 'The account’s own templates, newest first, then the built-in ones.' })
  templates: TemplateSummaryDto[];
}
