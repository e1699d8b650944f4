import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiBody, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CommonErrors } from '../../../common/errors';
import { announceCreated, CREATED_HEADERS_DOC } from '../../../common/http/created';
import { APP_CONFIG, type AppConfig } from '../../../config';
import { ApiErrorResponse, ErrorExamples } from '../../../common/openapi/error-examples';
import { Authenticated, CurrentPrincipal, Principal } from '../../auth';
import { MAX_CAMERA_TILT_DEGREES } from '../../contract';
import { RenderingErrorExamples } from '../errors/rendering.errors';
import { CreateTemplateDto, TemplateDto, TemplateListDto, UpdateTemplateDto } from './dto/template.dto';
import { parseTemplateBody } from './template-body';
import { TemplatesService } from './templates.service';

const NOT_FOUND_RESPONSE = () =>
  ApiErrorResponse(404, 'NOT_FOUND (also for another account’s template)', [ErrorExamples.notFound('Template')]);
const READ_ONLY_RESPONSE = () =>
  ApiErrorResponse(403, 'TEMPLATE_READ_ONLY: built-in templates cannot be changed or deleted', [RenderingErrorExamples.templateReadOnly]);
const VALIDATION_RESPONSE = () =>
  ApiErrorResponse(400, 'VALIDATION_ERROR (every bad field listed; problems inside settings are named settings.<field>)', [
    {
      summary: 'A bad render field in settings, and webhook_url, which templates cannot hold',
      error: CommonErrors.validation([
        { field: 'settings.camera.tilt', code: 'too_big', message: `tilt must not be greater than ${MAX_CAMERA_TILT_DEGREES}` },
        {
          field: 'settings.webhook_url',
          code: 'not_allowed_in_template',
          message: 'A template cannot hold webhook_url: give it with each request (or on the batch).',
        },
      ]),
    },
  ]);

/**
 * Saved render settings (contract §12). Bodies are validated here rather than by the global pipe:
 * a template's own fields and its settings (with the render body's rules, nothing required) are
 * checked in one pass, so one 400 lists every problem.
 */
@ApiTags('Templates')
@Controller('v1/templates')
@Authenticated()
export class TemplatesController {
  constructor(
    private readonly templates: TemplatesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @ApiOperation({
    operationId: 'createTemplate',
    summary: 'Save a template',
    description:
      'Any render fields except template_id and webhook_url; name a template with template_id on POST /v1/render (or a batch job) ' +
      'to merge its settings under the request. At most 100 per account.',
  })
  @ApiBody({ type: CreateTemplateDto })
  @ApiCreatedResponse({ type: TemplateDto, headers: CREATED_HEADERS_DOC })
  @VALIDATION_RESPONSE()
  @ApiErrorResponse(409, 'TEMPLATE_LIMIT_REACHED', [RenderingErrorExamples.templateLimitReached])
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: unknown,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TemplateDto> {
    const template = await this.templates.create(principal, await parseTemplateBody(CreateTemplateDto, body));
    announceCreated(res, `${this.config.http.publicUrl}/v1/templates/${template.id}`);
    return template;
  }

  @Get()
  @ApiOperation({
    operationId: 'listTemplates',
    summary: 'List templates',
    description: 'The account’s own, newest first, then the built-in starter templates (builtin: true).',
  })
  @ApiOkResponse({ type: TemplateListDto })
  list(@CurrentPrincipal() principal: Principal): Promise<TemplateListDto> {
    return this.templates.list(principal);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getTemplate',
    summary: 'Read a template, with its settings',
    description: 'One of the account’s templates or a built-in one, with the render fields it merges under requests.',
  })
  @ApiOkResponse({ type: TemplateDto })
  @NOT_FOUND_RESPONSE()
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<TemplateDto> {
    return this.templates.get(principal, id);
  }

  @Put(':id')
  @ApiOperation({
    operationId: 'updateTemplate',
    summary: 'Change a template',
    description:
      'Any of name, description and settings; settings replaces the saved settings whole. Jobs already accepted keep their parameters.',
  })
  @ApiBody({ type: UpdateTemplateDto })
  @ApiOkResponse({ type: TemplateDto })
  @VALIDATION_RESPONSE()
  @READ_ONLY_RESPONSE()
  @NOT_FOUND_RESPONSE()
  async update(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: unknown): Promise<TemplateDto> {
    return this.templates.update(principal, id, await parseTemplateBody(UpdateTemplateDto, body));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteTemplate',
    summary: 'Delete a template',
    description: 'Jobs already accepted with it are not affected.',
  })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @READ_ONLY_RESPONSE()
  @NOT_FOUND_RESPONSE()
  async remove(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    await this.templates.remove(principal, id);
  }
}
