import { iso } from '../../../common/util/time';
import { BUILTIN_TEMPLATES_UPDATED_AT, type BuiltinTemplate } from './builtin-templates';
import type { TemplateDto, TemplateSummaryDto } from './dto/template.dto';
import type { RenderTemplate } from './render-template.entity';

/** A template of either kind, as the API shows it. */
export function presentTemplate(template: RenderTemplate | BuiltinTemplate): TemplateDto {
  const builtin = !('accountId' in template);
  return {
    id: template.id,
    name: template.name,
    description: template.description,
    settings: template.settings,
    created_at: iso(builtin ? BUILTIN_TEMPLATES_UPDATED_AT : template.createdAt),
    updated_at: iso(builtin ? BUILTIN_TEMPLATES_UPDATED_AT : template.updatedAt),
    builtin,
  } satisfies TemplateDto;
}

/** An entry of GET /v1/templates: the record without its settings, but with the style they name (for a picture). */
export function presentTemplateSummary(template: RenderTemplate | BuiltinTemplate): TemplateSummaryDto {
  const { id, name, description, created_at, updated_at, builtin, settings } = presentTemplate(template);
  const style = typeof settings.style === 'string' ? settings.style : null;
  return { id, name, description, created_at, updated_at, builtin, style } satisfies TemplateSummaryDto;
}
