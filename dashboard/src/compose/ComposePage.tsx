import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  ASPECT_RATIOS,
  CAMERA_INTENSITIES,
  CAMERA_PRESETS,
  HUD_POSITIONS,
  MaprError,
  RENDER_MODES,
  RESOLUTIONS,
  TEXT_OVERLAY_POSITIONS,
  TEXT_OVERLAY_STYLES,
  TRANSPORTS,
  UNITS,
} from '@mapr/sdk';
import { mapr, read } from '../api/client';
import { queryKeys, useAccount, useStyles, useTemplates, useUsage } from '../api/queries';
import type { CreateRenderRequest, TemplateSettings } from '../api/types';
import { ErrorNotice } from '../components/ErrorNotice';
import { Field, issueFor, SelectField } from '../components/Field';
import { PageHeader } from '../components/Page';
import { aspectRatioLabel, TRANSPORT_LABELS, UNIT_LABELS } from './labels';
import { PreviewPlayer } from './PreviewPlayer';
import { MODE_SECTIONS } from '../modes';
import {
  emptyOverlay,
  fromRequestBody,
  initialForm,
  ModeSettingsError,
  type OverlayForm,
  type RenderForm,
  type SetFormField,
  templateSettings,
  toRequestBody,
} from './render-form';

/** The body for the form, or the reason it cannot be built (mode settings that are not JSON). */
function bodyOf(form: RenderForm): { body: CreateRenderRequest } | { error: Error } {
  try {
    return { body: toRequestBody(form) };
  } catch (error) {
    if (error instanceof ModeSettingsError) return { error };
    throw error;
  }
}

/**
 * Compose a render: every field of the request, a preview that plays the exact video in the page
 * before anything is spent (POST /v1/render/preview), then the render itself.
 */
export default function ComposePage() {
  const account = useAccount();
  const usage = useUsage();
  const styles = useStyles();
  const templates = useTemplates();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const limits = account.data?.limits;

  // "Render again" brings a job's body; a template link brings a template id (loaded below).
  const [form, setForm] = useState<RenderForm>(() => {
    const body = (location.state as { body?: Record<string, unknown> } | null)?.body;
    return body ? fromRequestBody(body, initialForm()) : initialForm();
  });
  const set: SetFormField = (key, value) => setForm((f) => ({ ...f, [key]: value }));

  const templateFromLink = searchParams.get('template');
  const [appliedTemplate, setAppliedTemplate] = useState<string | null>(null);
  const linkedTemplate = useQuery({
    queryKey: queryKeys.template(templateFromLink ?? ''),
    queryFn: ({ signal }) => read((api) => api.templates.get(templateFromLink!, { signal })),
    enabled: Boolean(templateFromLink),
  });
  if (linkedTemplate.data && appliedTemplate !== linkedTemplate.data.id) {
    setAppliedTemplate(linkedTemplate.data.id);
    setForm((f) => ({ ...fromRequestBody(linkedTemplate.data.settings, f), templateId: linkedTemplate.data.id }));
  }

  const pickTemplate = useMutation({
    mutationFn: (id: string) => mapr().templates.get(id),
    onSuccess: (template) => setForm((f) => ({ ...fromRequestBody(template.settings, f), templateId: template.id })),
  });

  const built = useMemo(() => bodyOf(form), [form]);
  const bodyJson = 'body' in built ? JSON.stringify(built.body) : null;

  const preview = useMutation({
    mutationFn: async (body: CreateRenderRequest) => ({
      json: JSON.stringify(body),
      result: await mapr().renders.preview(body),
    }),
  });
  const previewIsStale = preview.data !== undefined && preview.data.json !== bodyJson;
  // In one column (phones, tablets) the preview sits under the form: bring it into view when it arrives.
  const previewSection = useRef<HTMLElement>(null);
  useEffect(() => {
    if (preview.data && window.matchMedia('(max-width: 1099px)').matches)
      previewSection.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [preview.data]);

  const idempotencyKey = useRef<{ json: string; key: string } | null>(null);
  const submit = useMutation({
    mutationFn: (body: CreateRenderRequest) => {
      // The same body submitted twice (a double click, a retry after a network error) is one job; the SDK's own
      // retries of one submission reuse the key too.
      const json = JSON.stringify(body);
      if (idempotencyKey.current?.json !== json) idempotencyKey.current = { json, key: crypto.randomUUID() };
      return mapr().renders.create(body, { idempotencyKey: idempotencyKey.current.key });
    },
    onSuccess: (accepted) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.renders });
      void queryClient.invalidateQueries({ queryKey: queryKeys.usage });
      navigate(`/renders/${accepted.job_id}`);
    },
  });

  const saveDialog = useRef<HTMLDialogElement>(null);
  const [templateName, setTemplateName] = useState('');
  const saveTemplate = useMutation({
    mutationFn: (settings: TemplateSettings) => mapr().templates.create({ name: templateName.trim(), settings }),
    onSuccess: (template) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.templates });
      setForm((f) => ({ ...f, templateId: template.id }));
      saveDialog.current?.close();
    },
  });

  const onPreview = (event?: FormEvent) => {
    event?.preventDefault();
    if ('body' in built) preview.mutate(built.body);
  };
  const onRender = () => {
    if ('body' in built) submit.mutate(built.body);
  };

  // Errors name fields as the API does (`waypoints[1].place`, `duration`): the latest action's error is shown by each field.
  const fieldError = submit.error ?? preview.error;
  const formError = 'error' in built ? built.error : null;
  const modeSection = MODE_SECTIONS[form.mode];

  return (
    <>
      <PageHeader title="New render" lead="Preview as often as you like: only a render you submit counts toward your month." />
      <div className="compose">
        <form className="compose-form stack" onSubmit={onPreview} noValidate>
          <fieldset>
            <legend>Start from</legend>
            <div className="grid-fields">
              <Field label="Template" hint="Its settings fill the form; your changes win.">
                {(control) => (
                  <select
                    {...control}
                    value={form.templateId}
                    onChange={(e) => (e.target.value ? pickTemplate.mutate(e.target.value) : set('templateId', ''))}
                  >
                    <option value="">No template</option>
                    {(templates.data ?? []).map((t) => (
                      <option key={t.id} value={t.id}>
                        {t.name}
                        {t.builtin ? ' (built-in)' : ''}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label="What the video shows" error={issueFor(fieldError, 'mode')}>
                {(control) => (
                  <select
                    {...control}
                    value={form.mode}
                    onChange={(e) => {
                      const mode = e.target.value as RenderForm['mode'];
                      setForm((f) => ({ ...f, mode, modeSettings: MODE_SECTIONS[mode].startingSettings }));
                    }}
                  >
                    {RENDER_MODES.map((m) => (
                      <option key={m} value={m}>
                        {MODE_SECTIONS[m].title}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
            <ErrorNotice error={pickTemplate.error ?? linkedTemplate.error} />
          </fieldset>

          <modeSection.Editor form={form} set={set} error={fieldError} formError={formError} />

          <fieldset>
            <legend>Video</legend>
            <div className="grid-fields">
              {modeSection.shows.transport ? (
                <SelectField
                  label="Transport"
                  hint="For every leg that does not choose its own."
                  error={issueFor(fieldError, 'transport')}
                  value={form.transport}
                  options={TRANSPORTS.map((t) => ({ value: t, label: TRANSPORT_LABELS[t] }))}
                  onChange={(transport) => set('transport', transport)}
                />
              ) : null}
              <Field
                label="Duration (seconds)"
                hint={limits ? `Up to ${limits.max_duration_seconds} s on your plan.` : undefined}
                error={issueFor(fieldError, 'duration')}
              >
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    min={3}
                    step={1}
                    value={form.duration}
                    onChange={(e) => set('duration', e.target.value)}
                  />
                )}
              </Field>
              <SelectField
                label="Aspect ratio"
                error={issueFor(fieldError, 'aspect_ratio')}
                value={form.aspectRatio}
                options={ASPECT_RATIOS.map((r) => ({ value: r, label: aspectRatioLabel(r) }))}
                onChange={(ratio) => set('aspectRatio', ratio)}
              />
              <SelectField
                label="Resolution"
                error={issueFor(fieldError, 'resolution')}
                value={form.resolution}
                options={RESOLUTIONS.map((r) => {
                  const offPlan = limits ? !limits.resolutions.includes(r) : false;
                  return { value: r, label: offPlan ? `${r} (not on your plan)` : r, disabled: offPlan };
                })}
                onChange={(resolution) => set('resolution', resolution)}
              />
              <SelectField
                label="Units"
                error={issueFor(fieldError, 'units')}
                value={form.units}
                options={UNITS.map((u) => ({ value: u, label: UNIT_LABELS[u] }))}
                onChange={(units) => set('units', units)}
              />
            </div>
          </fieldset>

          <fieldset>
            <legend>Map style</legend>
            <div className="style-picker" role="radiogroup" aria-label="Map style">
              {(styles.data ?? []).map((style) => (
                <label key={style.id} className={form.style === style.id ? 'style-option selected' : 'style-option'}>
                  <input
                    type="radio"
                    name="style"
                    value={style.id}
                    checked={form.style === style.id}
                    onChange={() => set('style', style.id)}
                  />
                  {style.preview_url ? (
                    <img src={style.preview_url} alt="" loading="lazy" width={160} height={90} />
                  ) : (
                    <span className="style-swatch" />
                  )}
                  <span className="style-name">{style.name}</span>
                </label>
              ))}
            </div>
            <ErrorNotice error={styles.error} />
            {issueFor(fieldError, 'style') ? <p className="field-error">{issueFor(fieldError, 'style')}</p> : null}
          </fieldset>

          <fieldset>
            <legend>Camera</legend>
            <div className="grid-fields">
              <SelectField
                label="Movement"
                error={issueFor(fieldError, 'camera.preset')}
                value={form.cameraPreset}
                options={[{ value: '', label: 'Chosen for the route' }, ...CAMERA_PRESETS]}
                onChange={(preset) => set('cameraPreset', preset)}
              />
              <SelectField
                label="Intensity"
                error={issueFor(fieldError, 'camera.intensity')}
                value={form.cameraIntensity}
                options={CAMERA_INTENSITIES}
                onChange={(intensity) => set('cameraIntensity', intensity)}
              />
              <Field label="Tilt (degrees)" hint="0 to 60." error={issueFor(fieldError, 'camera.tilt')}>
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    min={0}
                    max={60}
                    value={form.cameraTilt}
                    onChange={(e) => set('cameraTilt', e.target.value)}
                  />
                )}
              </Field>
            </div>
          </fieldset>

          <fieldset>
            <legend>Text</legend>
            <div className="grid-fields">
              <Field label="Title" hint="An intro card; optional." error={issueFor(fieldError, 'title.text')}>
                {(control) => (
                  <input {...control} maxLength={80} value={form.titleText} onChange={(e) => set('titleText', e.target.value)} />
                )}
              </Field>
              <Field label="Subtitle" error={issueFor(fieldError, 'title.subtitle')}>
                {(control) => (
                  <input {...control} maxLength={120} value={form.titleSubtitle} onChange={(e) => set('titleSubtitle', e.target.value)} />
                )}
              </Field>
            </div>
            {modeSection.shows.hud ? (
              <div className="stack hud-options">
                <label className="checkbox">
                  <input type="checkbox" checked={form.hud} onChange={(e) => set('hud', e.target.checked)} /> Show a HUD (distance and
                  progress)
                </label>
                {form.hud ? (
                  <div className="grid-fields">
                    <label className="checkbox">
                      <input type="checkbox" checked={form.hudDistance} onChange={(e) => set('hudDistance', e.target.checked)} /> Distance
                      travelled
                    </label>
                    <label className="checkbox">
                      <input type="checkbox" checked={form.hudProgressBar} onChange={(e) => set('hudProgressBar', e.target.checked)} />{' '}
                      Progress bar
                    </label>
                    <SelectField
                      label="HUD position"
                      value={form.hudPosition}
                      options={HUD_POSITIONS}
                      onChange={(position) => set('hudPosition', position)}
                    />
                  </div>
                ) : null}
              </div>
            ) : null}
            <OverlaysEditor overlays={form.overlays} onChange={(o) => set('overlays', o)} error={fieldError} />
          </fieldset>

          <details className="card">
            <summary>Delivery</summary>
            <Field
              label="Webhook URL"
              hint="Receives render.complete or render.failed, signed with your webhook secret."
              error={issueFor(fieldError, 'webhook_url')}
            >
              {(control) => (
                <input
                  {...control}
                  type="url"
                  placeholder="https://example.com/hooks/mapr"
                  value={form.webhookUrl}
                  onChange={(e) => set('webhookUrl', e.target.value)}
                />
              )}
            </Field>
          </details>

          <div className="compose-actions">
            <button type="submit" className="button button-secondary" disabled={preview.isPending || !!formError}>
              {preview.isPending ? 'Preparing the preview…' : preview.data ? 'Update preview' : 'Preview'}
            </button>
            <button type="button" className="button button-primary" onClick={onRender} disabled={submit.isPending || !!formError}>
              {submit.isPending ? 'Submitting…' : 'Render video'}
            </button>
            <button
              type="button"
              className="button button-link"
              disabled={!!formError}
              onClick={() => {
                saveTemplate.reset();
                saveDialog.current?.showModal();
              }}
            >
              Save as template
            </button>
            {usage.data ? (
              <span className="hint">Rendering uses 1 of your {usage.data.renders_remaining} remaining renders this month.</span>
            ) : null}
          </div>
          {submit.error ? <ErrorNotice error={submit.error} title="The render was not accepted" /> : null}
        </form>

        <section ref={previewSection} className="compose-preview card" aria-labelledby="preview-heading">
          <h2 id="preview-heading">Preview</h2>
          {preview.error ? <ErrorNotice error={preview.error} title="No preview" /> : null}
          {preview.data ? (
            <>
              {previewIsStale ? (
                <p className="notice notice-info" role="status">
                  The form changed since this preview.{' '}
                  <button type="button" className="button button-link" onClick={() => onPreview()}>
                    Update it
                  </button>
                </p>
              ) : null}
              <PreviewPlayer key={preview.data.json} preview={preview.data.result} />
            </>
          ) : (
            <p className="empty">
              {preview.isPending
                ? 'Routing and preparing the frames…'
                : 'Choose your waypoints, then press Preview: the video plays here, free.'}
            </p>
          )}
        </section>
      </div>

      <dialog ref={saveDialog} aria-labelledby="save-template-heading">
        <form
          method="dialog"
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            if ('body' in built) saveTemplate.mutate(templateSettings(built.body));
          }}
        >
          <h2 id="save-template-heading">Save as template</h2>
          <p className="hint">The form's settings, to start a render from later or to use as `template_id` through the API.</p>
          <Field label="Name" error={issueFor(saveTemplate.error, 'name')}>
            {(control) => (
              <input {...control} required maxLength={100} value={templateName} onChange={(e) => setTemplateName(e.target.value)} />
            )}
          </Field>
          <ErrorNotice
            error={
              saveTemplate.error instanceof MaprError && saveTemplate.error.issues.some((i) => i.field === 'name')
                ? null
                : saveTemplate.error
            }
          />
          <div className="row">
            <button type="submit" className="button button-primary" disabled={saveTemplate.isPending}>
              Save
            </button>
            <button type="button" className="button button-secondary" onClick={() => saveDialog.current?.close()}>
              Cancel
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}

function OverlaysEditor({ overlays, onChange, error }: { overlays: OverlayForm[]; onChange(next: OverlayForm[]): void; error: unknown }) {
  const update = (index: number, patch: Partial<OverlayForm>) => onChange(overlays.map((o, i) => (i === index ? { ...o, ...patch } : o)));
  return (
    <div className="stack overlays">
      <span className="label">Text overlays</span>
      {overlays.map((overlay, index) => {
        const prefix = `text_overlays[${index}]`;
        return (
          <div key={overlay.key} className="overlay-row">
            <Field label="Text" className="grow" error={issueFor(error, `${prefix}.text`)}>
              {(control) => (
                <input {...control} maxLength={120} value={overlay.text} onChange={(e) => update(index, { text: e.target.value })} />
              )}
            </Field>
            <Field label="From (s)" error={issueFor(error, `${prefix}.start`)}>
              {(control) => (
                <input
                  {...control}
                  type="number"
                  min={0}
                  step={0.1}
                  value={overlay.start}
                  onChange={(e) => update(index, { start: e.target.value })}
                />
              )}
            </Field>
            <Field label="To (s)" error={issueFor(error, `${prefix}.end`)}>
              {(control) => (
                <input
                  {...control}
                  type="number"
                  min={0}
                  step={0.1}
                  value={overlay.end}
                  onChange={(e) => update(index, { end: e.target.value })}
                />
              )}
            </Field>
            <SelectField
              label="Where"
              value={overlay.position}
              options={TEXT_OVERLAY_POSITIONS}
              onChange={(position) => update(index, { position })}
            />
            <SelectField label="Look" value={overlay.style} options={TEXT_OVERLAY_STYLES} onChange={(style) => update(index, { style })} />
            <button type="button" className="button button-link" onClick={() => onChange(overlays.filter((_, i) => i !== index))}>
              Remove<span className="visually-hidden"> overlay {index + 1}</span>
            </button>
          </div>
        );
      })}
      <div>
        <button
          type="button"
          className="button button-secondary"
          disabled={overlays.length >= 10}
          onClick={() => onChange([...overlays, emptyOverlay()])}
        >
          Add a text overlay
        </button>
      </div>
    </div>
  );
}
