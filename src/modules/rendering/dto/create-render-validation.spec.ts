import { ArgumentMetadata } from '@nestjs/common';
import { DomainError, ValidationIssue } from '../../../common/errors';
import { CreateRenderDto } from './create-render.dto';
import { createValidationPipe } from '../../../common/http/validation';
import { TITLE_SCHEMA } from '../../contract';

const metadata: ArgumentMetadata = { type: 'body', metatype: CreateRenderDto };
const waypoints = [{ place: 'Lisbon' }, { place: 'Paris' }];

async function issuesOf(body: unknown): Promise<ValidationIssue[]> {
  try {
    await createValidationPipe().transform(body, metadata);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return ((error as DomainError).extra as { issues: ValidationIssue[] }).issues;
  }
  throw new Error('expected a validation error');
}

describe('validation issues', () => {
  it('reports a string where an object belongs once, with an example built from the value', async () => {
    expect(await issuesOf({ waypoints, camera: 'cinematic' })).toEqual([
      { field: 'camera', code: 'invalid_type', message: 'camera must be an object, e.g. {"preset":"cinematic"}' },
    ]);
  });

  it("reports the camera's issues (written once, as the contract's schema) at full paths, in the codes and words of every other field", async () => {
    const camera = {
      preset: 'dramatic',
      tilt: 90,
      start_zoom: 'far',
      focus_hold_seconds: -1,
      start_focus_waypoint: '\u202E\u200B',
      wobble: 1,
    };
    expect(await issuesOf({ waypoints, camera })).toEqual([
      { field: 'camera.wobble', code: 'unrecognized_field', message: 'wobble should not exist' },
      {
        field: 'camera.preset',
        code: 'invalid_enum_value',
        message: expect.stringMatching(
          /^preset must be one of the following values: auto, follow, overview, cinematic, global_corridor_reveal/,
        ),
      },
      // As class-validator does, a value of the wrong type is also reported against the number's bounds.
      { field: 'camera.start_zoom', code: 'too_big', message: 'start_zoom must not be greater than 20' },
      { field: 'camera.start_zoom', code: 'too_small', message: 'start_zoom must not be less than 1' },
      { field: 'camera.start_zoom', code: 'invalid_type', message: 'start_zoom must be a number conforming to the specified constraints' },
      { field: 'camera.tilt', code: 'too_big', message: 'tilt must not be greater than 85' },
      {
        field: 'camera.start_focus_waypoint',
        code: 'invalid_type',
        message: "start_focus_waypoint must be a waypoint's label (1 to 120 characters) or its 0-based index (an integer from 0)",
      },
      { field: 'camera.focus_hold_seconds', code: 'too_small', message: 'focus_hold_seconds must not be less than 0' },
    ]);
  });

  it("reports the terrain's issues (the contract's schema) at full paths, in the codes and words of every other field", async () => {
    expect(await issuesOf({ waypoints, terrain: { enabled: 'yes', exaggeration: 3.5, shading: 'soft' } })).toEqual([
      { field: 'terrain.shading', code: 'unrecognized_field', message: 'shading should not exist' },
      { field: 'terrain.enabled', code: 'invalid_type', message: 'enabled must be a boolean value' },
      { field: 'terrain.exaggeration', code: 'too_big', message: 'exaggeration must not be greater than 3' },
    ]);
    expect(await issuesOf({ waypoints, terrain: { exaggeration: -1 } })).toEqual([
      { field: 'terrain.exaggeration', code: 'too_small', message: 'exaggeration must not be less than 0' },
    ]);
    expect(await issuesOf({ waypoints, terrain: { exaggeration: 'steep' } })).toEqual([
      { field: 'terrain.exaggeration', code: 'too_big', message: 'exaggeration must not be greater than 3' },
      { field: 'terrain.exaggeration', code: 'too_small', message: 'exaggeration must not be less than 0' },
      {
        field: 'terrain.exaggeration',
        code: 'invalid_type',
        message: 'exaggeration must be a number conforming to the specified constraints',
      },
    ]);
    expect(await issuesOf({ waypoints, terrain: true })).toEqual([
      { field: 'terrain', code: 'invalid_type', message: 'terrain must be an object, e.g. {"enabled":true}' },
    ]);
  });

  it("reports the title's issues (the contract's schema) at full paths, in the codes and words of every other field", async () => {
    expect(await issuesOf({ waypoints, title: { text: 'x'.repeat(81), subtitle: 'y'.repeat(121), font: 'serif' } })).toEqual([
      { field: 'title.font', code: 'unrecognized_field', message: 'font should not exist' },
      { field: 'title.text', code: 'invalid_length', message: 'text must be shorter than or equal to 80 characters' },
      { field: 'title.subtitle', code: 'too_long', message: 'subtitle must be shorter than or equal to 120 characters' },
    ]);
    // Format characters are stripped before the length is checked: none of them leaves no text.
    expect(await issuesOf({ waypoints, title: { text: '\u202E\u200B' } })).toEqual([
      { field: 'title.text', code: 'invalid_length', message: 'text must be longer than or equal to 1 characters' },
    ]);
    expect(await issuesOf({ waypoints, title: { subtitle: 'Summer' } })).toEqual([
      { field: 'title.text', code: 'required', message: 'text should not be null or undefined' },
    ]);
    expect(await issuesOf({ waypoints, title: { text: 5 } })).toEqual([
      {
        field: 'title.text',
        code: 'invalid_length',
        message: 'text must be longer than or equal to 1 and shorter than or equal to 80 characters',
      },
      { field: 'title.text', code: 'invalid_type', message: 'text must be a string' },
    ]);
    expect(await issuesOf({ waypoints, title: 'Lisbon' })).toEqual([
      { field: 'title', code: 'invalid_type', message: 'title must be an object, e.g. {"text":"Lisbon"}' },
    ]);
    // What the job stores: the texts stripped, 80 characters once stripped accepted.
    expect(TITLE_SCHEMA.parse({ text: `\u202E${'x'.repeat(80)}`, subtitle: 'Ana\u202Egpj.exe' })).toEqual({
      text: 'x'.repeat(80),
      subtitle: 'Anagpj.exe',
    });
  });

  it("reports the route style's issues (the contract's schema) at full paths, in the codes and words of every other field", async () => {
    expect(await issuesOf({ waypoints, route_style: { color: 'red', width: 40, opacity: -0.5, line: 'wavy', glow: true } })).toEqual([
      { field: 'route_style.glow', code: 'unrecognized_field', message: 'glow should not exist' },
      { field: 'route_style.color', code: 'invalid_format', message: 'color must be #rrggbb' },
      { field: 'route_style.width', code: 'too_big', message: 'width must not be greater than 20' },
      { field: 'route_style.opacity', code: 'too_small', message: 'opacity must not be less than 0' },
      {
        field: 'route_style.line',
        code: 'invalid_enum_value',
        message: 'line must be one of the following values: solid, dashed, dotted, glow',
      },
    ]);
    expect(await issuesOf({ waypoints, route_style: { color: 5 } })).toEqual([
      { field: 'route_style.color', code: 'invalid_format', message: 'color must be #rrggbb' },
      { field: 'route_style.color', code: 'invalid_type', message: 'color must be a string' },
    ]);
    expect(await issuesOf({ waypoints, route_style: 'dashed' })).toEqual([
      { field: 'route_style', code: 'invalid_type', message: 'route_style must be an object, e.g. {"line":"dashed"}' },
    ]);
    expect(await issuesOf({ mode: 'region_focus', region_focus: { region: 'Nepal' }, route_style: { color: 'red' } })).toEqual([
      expect.objectContaining({ field: 'route_style', code: 'not_allowed_in_mode' }),
    ]);
  });

  it("reports the HUD's issues (the contract's schema) at full paths, in the codes and words of every other field", async () => {
    expect(await issuesOf({ waypoints, hud: { distance: 'yes', progress_bar: 1, position: 'middle', speed: true } })).toEqual([
      { field: 'hud.speed', code: 'unrecognized_field', message: 'speed should not exist' },
      { field: 'hud.distance', code: 'invalid_type', message: 'distance must be a boolean value' },
      { field: 'hud.progress_bar', code: 'invalid_type', message: 'progress_bar must be a boolean value' },
      {
        field: 'hud.position',
        code: 'invalid_enum_value',
        message: 'position must be one of the following values: top-left, top-right, bottom-left, bottom-right',
      },
    ]);
    // false is taken as it is, true is neither false nor an object.
    expect(await issuesOf({ waypoints, hud: true })).toEqual([
      { field: 'hud', code: 'invalid_type', message: 'hud must be false or an object, e.g. {"distance":true}' },
    ]);
    expect(await issuesOf({ mode: 'region_focus', region_focus: { region: 'Nepal' }, hud: { distance: 'yes' } })).toEqual([
      expect.objectContaining({ field: 'hud', code: 'not_allowed_in_mode' }),
    ]);
  });

  it("takes a field of the schemas' parts sent as null for one not sent, as before they were schemas", async () => {
    const dto = (await createValidationPipe().transform(
      {
        waypoints,
        camera: { preset: 'follow', tilt: null },
        terrain: { enabled: true, exaggeration: null },
        title: { text: 'Trip', subtitle: null },
      },
      metadata,
    )) as CreateRenderDto;
    expect(dto.camera).toEqual({ preset: 'follow' });
    expect(dto.terrain).toEqual({ enabled: true });
    expect(dto.title).toEqual({ text: 'Trip' });
  });

  it('shows a generic example when the value does not fit one', async () => {
    expect(await issuesOf({ waypoints, route: 42, hud: 'yes' })).toEqual([
      { field: 'route', code: 'invalid_type', message: 'route must be an object, e.g. {"mode":"sea","avoid":["suez"]}' },
      { field: 'hud', code: 'invalid_type', message: 'hud must be false or an object, e.g. {"distance":true}' },
    ]);
  });

  it('reports a waypoints value that is not an array once', async () => {
    const issues = await issuesOf({ waypoints: 'Lisbon' });
    expect(issues.filter((issue) => issue.field === 'waypoints').map((issue) => issue.code)).not.toContain('nested_validation');
    expect(issues.filter((issue) => issue.message.startsWith('nested property'))).toEqual([]);
  });

  it('uses lower snake_case codes for every constraint', async () => {
    const issues = await issuesOf({ waypoints, title: { text: '' }, route: { avoid: ['suez', 'suez'] }, surprise: 1 });
    expect(issues.map((issue) => [issue.field, issue.code])).toEqual([
      ['surprise', 'unrecognized_field'],
      ['route.avoid', 'duplicate_items'],
      ['title.text', 'invalid_length'],
    ]);
    for (const issue of issues) expect(issue.code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('refuses a list over its maximum for its length, listing the issues of its first items only', async () => {
    const issues = await issuesOf({ waypoints: Array.from({ length: 1000 }, () => ({ lat: 1, lng: 0, surprise: true })) });
    expect(issues[0]).toEqual({ field: 'waypoints', code: 'too_many_items', message: 'waypoints must contain no more than 25 elements' });
    // 26 items are looked at (one more than allowed), not 1,000.
    expect(issues.slice(1)).toEqual(
      Array.from({ length: 26 }, (_, i) => ({
        field: `waypoints[${i}].surprise`,
        code: 'unrecognized_field',
        message: 'surprise should not exist',
      })),
    );
  });
});
