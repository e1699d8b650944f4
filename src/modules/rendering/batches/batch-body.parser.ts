import { Injectable } from '@nestjs/common';
import { CommonErrors, MAX_VALIDATION_ISSUES } from '../../../common/errors';
import { toValidationIssues, validateAs } from '../../../common/http/validation';
import type { Principal } from '../../auth';
import type { CreateRenderDto } from '../dto/create-render.dto';
import { RenderBodyParser, validatedBody } from '../templates/render-body.parser';
import { isJsonObject } from '../templates/merge-template';
import { BatchFieldsDto, CreateBatchDto, MAX_BATCH_JOBS } from './dto/create-batch.dto';

/**
 * Raw POST /v1/render/batch body → validated batch, each job merged with its template first (RenderBodyParser's lookup,
 * one query for the whole batch) and then validated as a render body is.
 */
@Injectable()
export class BatchBodyParser {
  constructor(private readonly bodies: RenderBodyParser) {}

  /**
   * The batch's own fields and the bounds of its list first (BatchFieldsDto), then each job as CreateBatchDto would
   * validate it, one at a time and letting other requests in between, until the issues are more than an error lists.
   * The issues are the ones a validation of the whole body gives (unknown templates first, then the batch's fields,
   * then each job's), in one VALIDATION_ERROR.
   */
  async parse(principal: Principal, body: unknown): Promise<CreateBatchDto> {
    // A body without a list of jobs is refused for that.
    if (!isJsonObject(body) || !Array.isArray(body.jobs)) return validatedBody(CreateBatchDto, body, []);
    const list: unknown[] = body.jobs;
    // Only the number of jobs counts here: they stand in as empty objects.
    const fields = await validateAs(BatchFieldsDto, { ...body, jobs: list.map(() => ({})) });
    const fieldIssues = fields.errors ? toValidationIssues(fields.errors) : [];
    // A batch too long is refused for that: no template is looked up for it, and its jobs past the maximum are not looked at.
    const resolved =
      list.length > MAX_BATCH_JOBS
        ? list.slice(0, MAX_BATCH_JOBS + 1).map((job) => ({ body: job, issues: [] }))
        : await this.bodies.resolveTemplates(principal, list, (i) => `jobs[${i}].`);
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
}
