import { Injectable, type Type } from '@nestjs/common';
import { CommonErrors, type ValidationIssue } from '../../../common/errors';
import { toValidationIssues, validateAs } from '../../../common/http/validation';
import type { Principal } from '../../auth';
import { CreateRenderDto, TEMPLATE_ID_PATTERN } from '../dto/create-render.dto';
import { isJsonObject, mergeTemplate } from './merge-template';
import { TemplatesService } from './templates.service';

/** A render body after its template was looked up: merged with it, or as sent with the reason why not. */
export interface TemplateResolved {
  body: unknown;
  issues: ValidationIssue[];
}

/**
 * Raw request body → validated render DTO, for every endpoint that takes render bodies (POST
 * /v1/render, each job of a batch through BatchBodyParser, and the preview). A body naming a `template_id` is first merged
 * with that template (the account's own or a built-in one; any other id is an `unknown_template`
 * issue), then the merged body is validated as one request with the global pipe's rules. Without a
 * template the outcome is exactly the global pipe's. Throws one VALIDATION_ERROR listing every
 * issue; tier checks come after, in RenderAdmission, on the merged body.
 */
@Injectable()
export class RenderBodyParser {
  constructor(private readonly templates: TemplatesService) {}

  async render(principal: Principal, body: unknown): Promise<CreateRenderDto> {
    const [resolved] = await this.resolveTemplates(principal, [body], () => '');
    return validatedBody(CreateRenderDto, resolved.body, resolved.issues);
  }

  /**
   * Looks up the templates `bodies` name (one query for all of them) and merges each under its body; an unknown one is
   * an issue named with `prefix` (`jobs[i].` in a batch).
   */
  async resolveTemplates(principal: Principal, bodies: unknown[], prefix: (index: number) => string): Promise<TemplateResolved[]> {
    // A template_id of the wrong form is left to the validation, which reports it as such.
    const ids = bodies.map((body) =>
      isJsonObject(body) && typeof body.template_id === 'string' && TEMPLATE_ID_PATTERN.test(body.template_id)
        ? body.template_id
        : undefined,
    );
    const named = ids.filter((id) => id !== undefined);
    const settings = named.length > 0 ? await this.templates.usableSettings(principal.accountId, named) : new Map();
    return bodies.map((body, i) => {
      const id = ids[i];
      if (id === undefined) return { body, issues: [] };
      const found = settings.get(id);
      if (found) return { body: mergeTemplate(found, body as Record<string, unknown>), issues: [] };
      return { body, issues: [{ field: `${prefix(i)}template_id`, code: 'unknown_template', message: `Template ${id} does not exist.` }] };
    });
  }
}

/** `body` as `metatype` with the global pipe's rules, or one VALIDATION_ERROR with `issues` first, then the body's own. */
export async function validatedBody<T extends object>(metatype: Type<T>, body: unknown, issues: ValidationIssue[]): Promise<T> {
  const outcome = await validateAs(metatype, body);
  if (outcome.errors === undefined && issues.length === 0) return outcome.value;
  throw CommonErrors.validation([...issues, ...toValidationIssues(outcome.errors ?? [])]);
}
