import { Injectable, type Type } from '@nestjs/common';
import { CommonErrors, MAX_VALIDATION_ISSUES, type ValidationIssue } from '../../common/errors';
import { toValidationIssues, validateAs } from '../../common/http/validation';
import type { Principal } from '../auth';
import { BatchFieldsDto, CreateBatchDto, MAX_BATCH_JOBS } from './batches/dto/create-batch.dto';
import { CreateRenderDto, TEMPLATE_ID_PATTERN } from './dto/create-render.dto';
import { isJsonObject, mergeTemplate } from './templates/merge-template';
import { TemplatesService } from './templates/templates.service';

/** A render body after its template was looked up: merged with it, or as sent with the reason why not. */
interface Resolved {
  body: unknown;
  issues: ValidationIssue[];
}

/**
 * Raw request body → validated render DTO, for every endpoint that takes render bodies (POST
 * /v1/render, each job of a batch, and the preview). A body naming a `template_id` is first merged
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
    return this.validated(CreateRenderDto, resolved.body, resolved.issues);
  }

  /**
   * A batch: its own fields and the bounds of its list first (BatchFieldsDto), then each job as CreateBatchDto would
   * validate it, one at a time and letting other requests in between, until the issues are more than an error lists.
   * The issues are the ones a validation of the whole body gives (unknown templates first, then the batch's fields,
   * then each job's), in one VALIDATION_ERROR.
   */
  async batch(principal: Principal, body: unknown): Promise<CreateBatchDto> {
    // A body without a list of jobs is refused for that.
    if (!isJsonObject(body) || !Array.isArray(body.jobs)) return this.validated(CreateBatchDto, body, []);
    const list: unknown[] = body.jobs;
    // Only the number of jobs counts here: they stand in as empty objects.
    const fields = await validateAs(BatchFieldsDto, { ...body, jobs: list.map(() => ({})) });
    const fieldIssues = fields.errors ? toValidationIssues(fields.errors) : [];
    // A batch too long is refused for that: no template is looked up for it, and its jobs past the maximum are not looked at.
    const resolved =
      list.length > MAX_BATCH_JOBS
        ? list.slice(0, MAX_BATCH_JOBS + 1).map((job) => ({ body: job, issues: [] }))
        : await this.resolveTemplates(principal, list, (i) => `jobs[${i}].`);
    const issues = [...resolved.flatMap((job) => job.issues), ...fieldIssues];
    const jobs: CreateRenderDto[] = [];
    for (const [i, job] of resolved.entries()) {
      if (issues.length > MAX_VALIDATION_ISSUES) break;
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      const outcome = await validateAs(CreateBatchDto, { jobs: [job.body] });
      if (outcome.errors)
        issues.push(
          ...toValidationIssues(outcome.errors).map((issue) => ({ ...issue, field: issue.field.replace(/^jobs\[0\]/, `jobs[${i}]`) })),
        );
      else jobs.push(outcome.value.jobs[0]);
    }
    if (issues.length > 0) throw CommonErrors.validation(issues);
    return Object.assign(new CreateBatchDto(), fields.value, { jobs });
  }

  /** Looks up the templates `bodies` name (one query for all of them) and merges each under its body. */
  private async resolveTemplates(principal: Principal, bodies: unknown[], prefix: (index: number) => string): Promise<Resolved[]> {
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

  private async validated<T extends object>(metatype: Type<T>, body: unknown, issues: ValidationIssue[]): Promise<T> {
    const outcome = await validateAs(metatype, body);
    if (outcome.errors === undefined && issues.length === 0) return outcome.value;
    throw CommonErrors.validation([...issues, ...toValidationIssues(outcome.errors ?? [])]);
  }
}
