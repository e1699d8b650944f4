import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MaprError } from '@mapr/sdk';
import { mapr, read } from '../api/client';
import { queryKeys, useStyles, useTemplates } from '../api/queries';
import type { Template, TemplateSettings, TemplateSummary } from '../api/types';
import { ConfirmStep } from '../components/ConfirmStep';
import { ErrorNotice } from '../components/ErrorNotice';
import { Field, issueFor } from '../components/Field';
import { EmptyState, Loading, PageHeader } from '../components/Page';
import { RelativeTime } from '../components/RelativeTime';

const SAMPLE_SETTINGS = `{
  "style": "maritime-dark",
  "transport": "ship",
  "route": { "mode": "sea" },
  "camera": { "preset": "cinematic" },
  "hud": { "distance": true, "progress_bar": true }
}`;

/** The API's messages for `settings` and anything inside it (`settings.camera.tilt`), one line each. */
function settingsIssues(error: unknown): string | undefined {
  if (!(error instanceof MaprError)) return undefined;
  const lines = error.issues
    .filter((issue) => issue.field === 'settings' || issue.field.startsWith('settings.'))
    .map((issue) => `${issue.field}: ${issue.message}`);
  return lines.length > 0 ? lines.join(' · ') : undefined;
}

function parseSettings(text: string): { settings?: TemplateSettings; problem?: string } {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { problem: 'Settings must be a JSON object: { … }.' };
    // Any JSON object goes as typed: the service checks it and names each field it refuses (`settingsIssues`).
    return { settings: value as TemplateSettings };
  } catch (error) {
    return { problem: `This is not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function CreateTemplateForm({ onCreated, onCancel }: { onCreated: (template: Template) => void; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [settingsText, setSettingsText] = useState(SAMPLE_SETTINGS);
  const [jsonProblem, setJsonProblem] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: (settings: TemplateSettings) =>
      mapr().templates.create({ name: name.trim(), description: description.trim() || undefined, settings }),
    onSuccess: (template) => {
      queryClient.setQueryData(queryKeys.template(template.id), template);
      void queryClient.invalidateQueries({ queryKey: queryKeys.templates, exact: true });
      onCreated(template);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseSettings(settingsText);
    setJsonProblem(parsed.problem);
    if (parsed.settings) create.mutate(parsed.settings);
  };
  return (
    <section className="card" aria-labelledby="create-template-heading">
      <h2 id="create-template-heading">New template</h2>
      <form className="stack" onSubmit={submit}>
        <Field label="Name" hint="Up to 80 characters." error={issueFor(create.error, 'name')}>
          {(control) => <input {...control} required maxLength={80} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label="Description (optional)" hint="Up to 500 characters." error={issueFor(create.error, 'description')}>
          {(control) => <input {...control} maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} />}
        </Field>
        <Field
          label="Settings (JSON)"
          hint={
            <>
              Any render fields except <code>template_id</code> and <code>webhook_url</code>; waypoints are optional. They are checked as a
              render body is. See the <a href="/docs">API reference</a> for every field.
            </>
          }
          error={jsonProblem ?? settingsIssues(create.error)}
        >
          {(control) => (
            <textarea
              {...control}
              className="code"
              spellCheck={false}
              value={settingsText}
              onChange={(e) => setSettingsText(e.target.value)}
            />
          )}
        </Field>
        <ErrorNotice error={create.error} title="The template was not saved" />
        <div className="row">
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {create.isPending ? 'Saving…' : 'Save template'}
          </button>
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}

function EditTemplateForm({ template, onDone }: { template: Template; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(template.name);
  const [description, setDescription] = useState(template.description ?? '');
  const update = useMutation({
    mutationFn: () => mapr().templates.update(template.id, { name: name.trim(), description: description.trim() || null }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.template(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.templates, exact: true });
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate();
  };
  return (
    <form className="stack" onSubmit={submit} aria-label={`Edit ${template.name}`}>
      <Field label="Name" error={issueFor(update.error, 'name')}>
        {(control) => <input {...control} required maxLength={80} value={name} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <Field label="Description" error={issueFor(update.error, 'description')}>
        {(control) => <textarea {...control} maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} />}
      </Field>
      <ErrorNotice error={update.error} title="The template was not changed" />
      <div className="row">
        <button type="submit" className="button button-primary" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button button-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function TemplateDetail({ id, onDeleted, focusOnLoad }: { id: string; onDeleted: () => void; focusOnLoad: boolean }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const template = useQuery({
    queryKey: queryKeys.template(id),
    queryFn: ({ signal }) => read((api) => api.templates.get(id, { signal })),
  });
  const remove = useMutation({
    mutationFn: () => mapr().templates.delete(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.template(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.templates, exact: true });
      onDeleted();
    },
  });
  const loaded = template.data !== undefined;
  useEffect(() => {
    // A template chosen from the list: take keyboard and screen-reader users to it (it may be below, at phone width).
    if (loaded && focusOnLoad) heading.current?.focus();
  }, [loaded, focusOnLoad, id]);

  if (template.error) return <ErrorNotice error={template.error} title="This template could not be opened" />;
  if (!template.data) return <Loading what="Loading the template" />;
  const t = template.data;
  return (
    <>
      <div className="card-header">
        <h2 ref={heading} tabIndex={-1} id="template-heading">
          {t.name}
        </h2>
        {t.builtin ? <span className="badge badge-builtin">built-in</span> : null}
      </div>
      {editing ? (
        <EditTemplateForm template={t} onDone={() => setEditing(false)} />
      ) : (
        <>
          {t.description ? <p>{t.description}</p> : <p className="hint">No description.</p>}
          <p className="hint">
            <code>{t.id}</code> ·{' '}
            {t.builtin ? (
              'read-only starter template'
            ) : (
              <>
                changed <RelativeTime iso={t.updated_at} />
              </>
            )}
          </p>
          <div className="row" style={{ marginTop: '0.75rem' }}>
            <Link className="button button-primary" to={`/render/new?template=${encodeURIComponent(t.id)}`}>
              Use
            </Link>
            {t.builtin ? null : (
              <>
                <button type="button" className="button button-secondary" onClick={() => setEditing(true)}>
                  Edit
                </button>
                <ConfirmStep
                  label="Delete"
                  title={`Delete “${t.name}”?`}
                  confirmLabel="Delete template"
                  cancelLabel="Keep it"
                  pending={remove.isPending}
                  pendingLabel="Deleting…"
                  onConfirm={() => remove.mutate()}
                >
                  <p>Renders already made with it are not affected; new renders can no longer name it.</p>
                </ConfirmStep>
              </>
            )}
          </div>
          <ErrorNotice error={remove.error} />
        </>
      )}
      <h3 className="section-title">Settings</h3>
      <pre className="json" tabIndex={0} aria-label={`Settings of ${t.name}, JSON`}>
        {JSON.stringify(t.settings, null, 2)}
      </pre>
    </>
  );
}

/** The picture of a template: its style's preview still (GET /v1/styles), the default style's when it names none. */
function TemplatePicture({ style }: { style: string | null }) {
  const styles = useStyles();
  const shown = styles.data?.find((s) => s.id === (style ?? 'standard'));
  if (!shown?.preview_url) return <span className="template-picture" aria-hidden="true" />;
  return <img className="template-picture" src={shown.preview_url} alt="" loading="lazy" width={96} height={54} />;
}

function TemplateItem({ template, selected, onSelect }: { template: TemplateSummary; selected: boolean; onSelect: () => void }) {
  return (
    <li className={selected ? 'selected' : undefined}>
      <TemplatePicture style={template.style} />
      <div className="template-name">
        <button type="button" className="button button-link" aria-pressed={selected} onClick={onSelect}>
          {template.name}
        </button>
        {template.description ? <p className="hint">{template.description}</p> : null}
      </div>
      <div className="template-actions">
        {template.builtin ? (
          <span className="badge badge-builtin">built-in</span>
        ) : (
          <span className="hint">
            <RelativeTime iso={template.updated_at} />
          </span>
        )}
        <Link className="button button-secondary button-small" to={`/render/new?template=${encodeURIComponent(template.id)}`}>
          Use<span className="visually-hidden"> {template.name}</span>
        </Link>
      </div>
    </li>
  );
}

/** Saved render settings: the account's own (edit, delete) and the built-in starters, each one click from a render. */
export default function TemplatesPage() {
  const templates = useTemplates();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('id');
  const [creating, setCreating] = useState(false);
  const [chosenByUser, setChosenByUser] = useState(false);
  const select = (id: string | null) => {
    setChosenByUser(id !== null);
    setParams(id ? { id } : {}, { replace: true });
  };
  const own = templates.data?.filter((t) => !t.builtin) ?? [];
  const builtin = templates.data?.filter((t) => t.builtin) ?? [];

  return (
    <>
      <PageHeader title="Templates" lead="Saved looks and settings. A render that names a template gets its settings under its own fields.">
        {creating ? null : (
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            New template
          </button>
        )}
      </PageHeader>
      {creating ? (
        <CreateTemplateForm
          onCancel={() => setCreating(false)}
          onCreated={(template) => {
            setCreating(false);
            select(template.id);
          }}
        />
      ) : null}
      <ErrorNotice error={templates.error} />
      <div className="grid-2">
        <section className="card" aria-labelledby="template-list-heading">
          <h2 id="template-list-heading">All templates</h2>
          {templates.isPending ? <Loading what="Loading templates" /> : null}
          {templates.data ? (
            <>
              <h3 className="section-title">Yours</h3>
              {own.length === 0 ? (
                <EmptyState>You have no templates yet. Save one with “New template”, or start from a built-in one.</EmptyState>
              ) : (
                <ul className="template-list">
                  {own.map((t) => (
                    <TemplateItem key={t.id} template={t} selected={t.id === selectedId} onSelect={() => select(t.id)} />
                  ))}
                </ul>
              )}
              <h3 className="section-title">Built-in</h3>
              <ul className="template-list">
                {builtin.map((t) => (
                  <TemplateItem key={t.id} template={t} selected={t.id === selectedId} onSelect={() => select(t.id)} />
                ))}
              </ul>
            </>
          ) : null}
        </section>
        <section className={selectedId ? 'card' : 'card template-detail-empty'} aria-label="Template details">
          {selectedId ? (
            <TemplateDetail key={selectedId} id={selectedId} focusOnLoad={chosenByUser} onDeleted={() => select(null)} />
          ) : (
            <EmptyState>Choose a template to see its settings.</EmptyState>
          )}
        </section>
      </div>
    </>
  );
}
