import { unwrap, type ApiContext, type RequestOptions } from '../http';
import type { CreateTemplateRequest, Template, TemplateSummary, UpdateTemplateRequest } from '../types';

/** Saved render settings: `POST /v1/render` with `template_id` merges a request over them. */
export class Templates {
  constructor(private readonly api: ApiContext) {}

  async create(body: CreateTemplateRequest): Promise<Template> {
    return unwrap(this.api.http.POST('/v1/templates', { body }));
  }

  /** The account's templates and the built-in starters (read-only). */
  async list(options: RequestOptions = {}): Promise<TemplateSummary[]> {
    return (await unwrap(this.api.http.GET('/v1/templates', { signal: options.signal }))).templates;
  }

  async get(id: string, options: RequestOptions = {}): Promise<Template> {
    return unwrap(this.api.http.GET('/v1/templates/{id}', { params: { path: { id } }, signal: options.signal }));
  }

  async update(id: string, body: UpdateTemplateRequest): Promise<Template> {
    return unwrap(this.api.http.PUT('/v1/templates/{id}', { params: { path: { id } }, body }));
  }

  async delete(id: string): Promise<void> {
    await unwrap(this.api.http.DELETE('/v1/templates/{id}', { params: { path: { id } } }));
  }
}
