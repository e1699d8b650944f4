import { DomainError, type ValidationIssue } from '../../../common/errors';
import { CreateTemplateDto, UpdateTemplateDto } from './dto/template.dto';
import { parseTemplateBody, templateSettingsIssues } from './template-body';

async function issuesOf(run: () => Promise<unknown>): Promise<ValidationIssue[]> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('VALIDATION_ERROR');
    return ((error as DomainError).extra as { issues: ValidationIssue[] }).issues;
  }
  throw new Error('expected a validation error');
}

describe('template settings', () => {
  it('are checked with the render body’s rules, each issue named settings.<field>', async () => {
    const issues = await templateSettingsIssues({
      camera: { preset: 'drone', tilt: 90 },
      projection: 'cube',
      terrain: { enabled: 1, exaggeration: 5, relief: true },
      fps: 25,
      waypoints: [{ lat: 95, lng: 0 }, { place: 'Lisbon' }],
      hud: 'yes',
      surprise: 1,
    });
    expect(issues.map((issue) => [issue.field, issue.code])).toEqual([
      ['settings.surprise', 'unrecognized_field'],
      ['settings.waypoints[0].lat', 'too_big'],
      ['settings.fps', 'invalid_enum_value'],
      ['settings.projection', 'invalid_enum_value'],
      ['settings.terrain.relief', 'unrecognized_field'],
      ['settings.terrain.enabled', 'invalid_type'],
      ['settings.terrain.exaggeration', 'too_big'],
      ['settings.camera.preset', 'invalid_enum_value'],
      ['settings.camera.tilt', 'too_big'],
      ['settings.hud', 'invalid_type'],
    ]);
    expect(issues.find((issue) => issue.field === 'settings.camera.tilt')?.message).toBe('tilt must not be greater than 85');
  });

  it('require nothing: waypoints and every other field may be left out', async () => {
    expect(await templateSettingsIssues({})).toEqual([]);
    expect(await templateSettingsIssues({ style: 'dark', hud: false, camera: { preset: 'overview' } })).toEqual([]);
    expect(await templateSettingsIssues({ projection: 'globe', camera: { preset: 'global_corridor_reveal' } })).toEqual([]);
    expect(await templateSettingsIssues({ terrain: { exaggeration: 2 } })).toEqual([]);
  });

  it('still require what an object they hold requires', async () => {
    expect(
      await templateSettingsIssues({ title: { subtitle: 'Weekly' }, waypoints: [{ label: 'Somewhere' }, { place: 'Porto' }] }),
    ).toEqual([
      expect.objectContaining({ field: 'settings.waypoints[0].lat', code: 'required' }),
      expect.objectContaining({ field: 'settings.waypoints[0].lng', code: 'required' }),
      expect.objectContaining({ field: 'settings.title.text', code: 'required' }),
    ]);
  });

  it('refuse template_id and webhook_url, however they are written', async () => {
    const issues = await templateSettingsIssues({ template_id: 'tpl_darkShipping', webhook_url: 42, style: 'dark' });
    expect(issues).toEqual([
      { field: 'settings.template_id', code: 'not_allowed_in_template', message: 'A template cannot name another template.' },
      {
        field: 'settings.webhook_url',
        code: 'not_allowed_in_template',
        message: 'A template cannot hold webhook_url: give it with each request (or on the batch).',
      },
    ]);
  });

  it('look up place names, once the shape is right', async () => {
    const issues = await templateSettingsIssues({ waypoints: [{ place: 'Lisbonn' }, { place: 'Porto' }] });
    expect(issues).toEqual([expect.objectContaining({ field: 'settings.waypoints[0].place', code: 'unknown_place' })]);
    expect(issues[0].message).toContain('Lisbon');
  });
});

describe('template bodies', () => {
  it('list the template’s own problems and those of its settings in one error', async () => {
    const issues = await issuesOf(() =>
      parseTemplateBody(CreateTemplateDto, { name: '', description: 'x'.repeat(501), settings: { camera: { tilt: 86 } } }),
    );
    expect(issues.map((issue) => [issue.field, issue.code])).toEqual([
      ['name', 'invalid_length'],
      ['description', 'too_long'],
      ['settings.camera.tilt', 'too_big'],
    ]);
  });

  it('need a name and an object of settings to be created', async () => {
    const issues = await issuesOf(() => parseTemplateBody(CreateTemplateDto, { settings: ['dark'] }));
    expect(issues.map((issue) => [issue.field, issue.code])).toEqual([
      ['name', 'required'],
      ['settings', 'invalid_type'],
    ]);
    expect(issues[1].message).toBe('settings must be an object of render fields, e.g. {"style":"dark"}');
  });

  it('trim the name, and keep the settings as sent', async () => {
    const settings = { style: 'minimal', route_style: { line: 'dashed' } };
    const dto = await parseTemplateBody(CreateTemplateDto, { name: '  Minimal  ', settings });
    expect(dto.name).toBe('Minimal');
    expect(dto.settings).toEqual(settings);
  });

  it('may change any subset on PUT, but not set name or settings to null', async () => {
    expect(await parseTemplateBody(UpdateTemplateDto, {})).toEqual({});
    expect(await parseTemplateBody(UpdateTemplateDto, { description: null })).toEqual({ description: null });
    const issues = await issuesOf(() => parseTemplateBody(UpdateTemplateDto, { name: null, settings: null }));
    expect(issues.map((issue) => [issue.field, issue.code])).toEqual(
      expect.arrayContaining([
        ['name', 'invalid_type'],
        ['settings', 'invalid_type'],
      ]),
    );
    expect(new Set(issues.map((issue) => issue.field))).toEqual(new Set(['name', 'settings']));
  });
});
