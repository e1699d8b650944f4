import type { Type, ValidationError } from '@nestjs/common';
import { CommonErrors, type ValidationIssue } from '../../../common/errors';
import { toValidationIssues, validateAs } from '../../../common/http/validation';
import { CreateRenderDto } from '../dto/create-render.dto';
import { waypointPlaceIssues } from '../request/render-request.parser';
import { isJsonObject } from './merge-template';

/** Render fields a template cannot hold, and why (contract §12). */
const REFUSED_IN_SETTINGS: Record<string, string> = {
  template_id: 'A template cannot name another template.',
  webhook_url: 'A template cannot hold webhook_url: give it with each request (or on the batch).',
};

/**
 * A field a render body requires but the template leaves out (`waypoints`, a mode's settings
 * object): class-validator reports it as a failed `isDefined` on a missing value, alone (nothing
 * else of a missing value is checked). Whatever is missing, the request supplies it when the
 * template is used, and the merged body is validated as a whole then.
 */
function isMissingRequiredField(error: ValidationError): boolean {
  return error.value === undefined && error.constraints !== undefined && Object.hasOwn(error.constraints, 'isDefined');
}

/**
 * The problems of a template's settings, named `settings.<field>`: every rule of a render body
 * (CreateRenderDto's, so fields added there are checked here unchanged), places included, but no
 * field is required; `template_id` and `webhook_url` are refused. Tier limits (duration,
 * resolution) are checked when a request uses the template, against the caller's tier then.
 */
export async function templateSettingsIssues(settings: Record<string, unknown>): Promise<ValidationIssue[]> {
  const outcome = await validateAs(CreateRenderDto, settings);
  const errors = (outcome.errors ?? []).filter(
    (error) => !isMissingRequiredField(error) && !Object.hasOwn(REFUSED_IN_SETTINGS, error.property),
  );
  const issues = toValidationIssues(errors, 'settings');
  for (const [field, message] of Object.entries(REFUSED_IN_SETTINGS)) {
    if (settings[field] !== undefined) issues.push({ field: `settings.${field}`, code: 'not_allowed_in_template', message });
  }
  // Like a render body's, place names are looked up once the shape is right.
  if (issues.length === 0 && Array.isArray(settings.waypoints))
    issues.push(...waypointPlaceIssues(settings.waypoints as CreateRenderDto['waypoints'], 'settings.'));
  return issues;
}

/**
 * A template body (POST or PUT) validated in one pass: its own fields by `metatype`'s rules and
 * its `settings` by `templateSettingsIssues`, every problem in one VALIDATION_ERROR.
 */
export async function parseTemplateBody<T extends object>(metatype: Type<T>, body: unknown): Promise<T> {
  const outcome = await validateAs(metatype, body);
  const issues = outcome.errors ? toValidationIssues(outcome.errors) : [];
  const settings = isJsonObject(body) ? body.settings : undefined;
  if (isJsonObject(settings)) issues.push(...(await templateSettingsIssues(settings)));
  if (issues.length > 0) throw CommonErrors.validation(issues);
  return outcome.value!;
}
