import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { CommonErrors } from '../../../common/errors';
import { newId } from '../../../common/util/ids';
import type { Principal } from '../../auth';
import { TemplateErrors } from '../errors/rendering.errors';
import { BUILTIN_TEMPLATES, builtinTemplate } from './builtin-templates';
import type { CreateTemplateDto, TemplateDto, TemplateListDto, UpdateTemplateDto } from './dto/template.dto';
import type { JsonObject } from './merge-template';
import { MAX_TEMPLATES_PER_ACCOUNT, RenderTemplate } from './render-template.entity';
import { presentTemplate, presentTemplateSummary } from './template-presenter';

/**
 * Templates (contract §12): the account's own, at most MAX_TEMPLATES_PER_ACCOUNT, and the built-in
 * starters, which anyone may read and use and nobody may change. They belong to the account, so
 * its live and sandbox keys and its access tokens see the same ones; another account's are a 404.
 */
@Injectable()
export class TemplatesService {
  constructor(@InjectRepository(RenderTemplate) private readonly templates: Repository<RenderTemplate>) {}

  /**
   * Saves a template in a free slot of the account. Two requests that pick the same slot at the
   * same moment cannot both have it (unique per account, the loser's insert does nothing): the
   * loser looks again, and finds a free slot or none (409).
   */
  async create(principal: Principal, dto: CreateTemplateDto): Promise<TemplateDto> {
    const { accountId } = principal;
    for (let attempt = 0; attempt < MAX_TEMPLATES_PER_ACCOUNT; attempt++) {
      const taken = new Set((await this.templates.find({ select: { slot: true }, where: { accountId } })).map((row) => row.slot));
      const free = Array.from({ length: MAX_TEMPLATES_PER_ACCOUNT }, (_, slot) => slot).filter((slot) => !taken.has(slot));
      if (free.length === 0) throw TemplateErrors.limitReached(MAX_TEMPLATES_PER_ACCOUNT);
      const now = new Date();
      const template = this.templates.create({
        id: newId('tpl'),
        accountId,
        // A random free slot, so that concurrent requests seldom pick the same one.
        slot: free[randomInt(free.length)],
        name: dto.name,
        description: dto.description ?? null,
        settings: dto.settings,
        createdAt: now,
        updatedAt: now,
      });
      await this.templates.createQueryBuilder().insert().into(RenderTemplate).values(template).orIgnore().execute();
      if (await this.templates.existsBy({ id: template.id })) return presentTemplate(template);
    }
    // Every attempt lost its slot to another request of the same account: extremely unlikely, and retrying works.
    throw CommonErrors.serviceUnavailable('Saving templates');
  }

  /** The account's templates, newest first, then the built-in ones. */
  async list(principal: Principal): Promise<TemplateListDto> {
    const own = await this.templates.find({ where: { accountId: principal.accountId }, order: { createdAt: 'DESC', id: 'DESC' } });
    return { templates: [...own, ...BUILTIN_TEMPLATES].map(presentTemplateSummary) };
  }

  async get(principal: Principal, id: string): Promise<TemplateDto> {
    return presentTemplate(builtinTemplate(id) ?? (await this.findOwned(principal, id)));
  }

  /** Changes what the body gives; `settings` replaces the stored settings whole. Jobs already accepted keep theirs. */
  async update(principal: Principal, id: string, dto: UpdateTemplateDto): Promise<TemplateDto> {
    const template = await this.findWritable(principal, id);
    if (dto.name !== undefined) template.name = dto.name;
    if (dto.description !== undefined) template.description = dto.description;
    if (dto.settings !== undefined) template.settings = dto.settings;
    template.updatedAt = new Date();
    const { name, description, settings, updatedAt } = template;
    const { affected } = await this.templates.update({ id, accountId: principal.accountId }, { name, description, settings, updatedAt });
    // Deleted since it was read.
    if (!affected) throw CommonErrors.notFound('Template');
    return presentTemplate(template);
  }

  async remove(principal: Principal, id: string): Promise<void> {
    if (builtinTemplate(id)) throw TemplateErrors.readOnly(id);
    const { affected } = await this.templates.delete({ id, accountId: principal.accountId });
    if (!affected) throw CommonErrors.notFound('Template');
  }

  /**
   * The settings of the templates that the account may use among `ids` (its own and the built-in
   * ones), by id; an unknown id or another account's is simply not in the map.
   */
  async usableSettings(accountId: string, ids: readonly string[]): Promise<Map<string, JsonObject>> {
    const found = new Map<string, JsonObject>();
    const saved: string[] = [];
    for (const id of new Set(ids)) {
      const builtin = builtinTemplate(id);
      if (builtin) found.set(id, builtin.settings as JsonObject);
      else saved.push(id);
    }
    if (saved.length > 0) {
      const rows = await this.templates.find({ select: { id: true, settings: true }, where: { accountId, id: In(saved) } });
      for (const row of rows) found.set(row.id, row.settings as JsonObject);
    }
    return found;
  }

  private async findOwned(principal: Principal, id: string): Promise<RenderTemplate> {
    const template = await this.templates.findOneBy({ id, accountId: principal.accountId });
    if (!template) throw CommonErrors.notFound('Template');
    return template;
  }

  private async findWritable(principal: Principal, id: string): Promise<RenderTemplate> {
    if (builtinTemplate(id)) throw TemplateErrors.readOnly(id);
    return this.findOwned(principal, id);
  }
}
