import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { mapr, read } from '../api/client';
import { queryKeys, useAccount, useStyles, useTemplates, useUsage } from '../api/queries';
import type { CreateRenderRequest } from '../api/types';
import { ErrorSummary, focusControl } from '../components/ErrorSummary';
import { PageHeader } from '../components/Page';
import { MODE_SECTIONS } from '../modes';
import { CameraSection } from './CameraSection';
import { ComposeActions } from './ComposeActions';
import { DeliverySection } from './DeliverySection';
import { MapStyleSection } from './MapStyleSection';
import { errorProblems, FormIssues, planProblems, PLANS_HREF, refusalProblems } from './plan-check';
import { PreviewPanel } from './PreviewPanel';
import {
  fromRequestBody,
  initialForm,
  ModeSettingsError,
  type RenderForm,
  type SetFormField,
  templateSettings,
  toRequestBody,
} from '../form/render-form';
import { SaveTemplateDialog, type SaveTemplateDialogHandle } from './SaveTemplateDialog';
import { StartFromSection } from './StartFromSection';
import { TextSection } from './TextSection';
import { VideoSection } from './VideoSection';

/** The body for the form, or the reason it cannot be built (mode settings edited as JSON that is not JSON). */
function bodyOf(form: RenderForm): { body: CreateRenderRequest } | { error: Error } {
  try {
    return { body: toRequestBody(form) };
  } catch (error) {
    if (error instanceof ModeSettingsError) return { error };
    throw error;
  }
}

/** The latest refused action: what the error summary lists and the fields show. */
interface Refused {
  action: 'preview' | 'render' | 'plan';
  error: unknown;
}

const REFUSED_TITLES: Record<Refused['action'], string> = {
  preview: 'No preview',
  render: 'The render was not accepted',
  plan: 'Your plan does not render this video yet',
};

/**
 * Compose a render: every field of the request, a preview that plays the exact video in the page
 * before anything is spent (POST /v1/render/preview), then the render itself. The page holds the form,
 * the reads and the actions; each section of the form is a component of its own, the mode's own
 * section comes from the registry of modes (`../modes`).
 *
 * A preview plays anything up to the largest plan's limits (contract §15); a render is first held to the
 * account's plan here (`planProblems`), so a limit is explained, with the plan that lifts it, before anything
 * is sent. A refused preview or render is listed at the top of the form (ErrorSummary) and focus moves to
 * the first field at fault, scrolled into view.
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

  const [refused, setRefused] = useState<Refused | null>(null);

  const preview = useMutation({
    mutationFn: async (body: CreateRenderRequest) => ({
      json: JSON.stringify(body),
      result: await mapr().renders.preview(body),
    }),
    onSuccess: () => setRefused(null),
    onError: (error) => setRefused({ action: 'preview', error }),
  });

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
    onError: (error) => setRefused({ action: 'render', error }),
  });

  // Where the eye is: a refusal moves focus to the first field at fault (or the summary when none is), in view.
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!refused) return;
    const target = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? summaryRef.current;
    if (target) focusControl(target);
  }, [refused]);

  const saveDialog = useRef<SaveTemplateDialogHandle>(null);

  const onPreview = (event?: FormEvent) => {
    event?.preventDefault();
    // One preview at a time (the button stays enabled while it runs, so that it keeps the keyboard's focus).
    if ('body' in built && !preview.isPending) preview.mutate(built.body);
  };
  const onRender = () => {
    if (!('body' in built)) return;
    const problems = account.data ? planProblems(form, account.data) : [];
    if (problems.length > 0) {
      setRefused({ action: 'plan', error: new FormIssues(REFUSED_TITLES.plan, problems) });
      return;
    }
    submit.mutate(built.body);
  };

  // What keeps the render from being accepted, said beside its button: the current preview's answer, else the plan's limits.
  const shownPreview = preview.data && preview.data.json === bodyJson ? preview.data.result : undefined;
  const renderBlockers = shownPreview
    ? refusalProblems(shownPreview.render_refusals, account.data?.plans ?? [])
    : account.data
      ? planProblems(form, account.data)
      : [];

  // Errors name fields as the API does (`waypoints[1].place`, `duration`): the latest refusal is shown by each field.
  const fieldError = refused?.error ?? null;
  const formError = 'error' in built ? built.error : null;
  const section = { form, set, error: fieldError };
  const ModeEditor = MODE_SECTIONS[form.mode].Editor;

  return (
    <>
      <PageHeader title="New render" lead="Preview as often as you like: only a render you submit counts toward your month." />
      <div className="compose">
        <form className="compose-form stack" onSubmit={onPreview} noValidate ref={formRef}>
          {refused ? (
            <ErrorSummary
              title={REFUSED_TITLES[refused.action]}
              items={errorProblems(refused.error, account.data, form)}
              error={refused.error}
              plansHref={PLANS_HREF}
              summaryRef={summaryRef}
            />
          ) : null}
          <StartFromSection
            {...section}
            templates={templates.data}
            onPickTemplate={(id) => pickTemplate.mutate(id)}
            templateError={pickTemplate.error ?? linkedTemplate.error}
          />
          <ModeEditor {...section} formError={formError} />
          <VideoSection {...section} account={account.data} />
          <MapStyleSection {...section} styles={styles.data} stylesError={styles.error} />
          <CameraSection {...section} />
          <TextSection {...section} />
          <DeliverySection {...section} />
          <ComposeActions
            previewing={preview.isPending}
            hasPreview={preview.data !== undefined}
            submitting={submit.isPending}
            blockedBy={formError}
            usage={usage.data}
            renderBlockers={renderBlockers}
            plansHref={PLANS_HREF}
            onRender={onRender}
            onSaveAsTemplate={() => saveDialog.current?.open()}
          />
        </form>

        <PreviewPanel
          preview={preview.data}
          pending={preview.isPending}
          refused={refused?.action === 'preview'}
          stale={preview.data !== undefined && preview.data.json !== bodyJson}
          emptyMessage={MODE_SECTIONS[form.mode].emptyPreview}
          onUpdate={() => onPreview()}
        />
      </div>

      <SaveTemplateDialog
        ref={saveDialog}
        settings={'body' in built ? templateSettings(built.body) : null}
        onSaved={(template) => set('templateId', template.id)}
      />
    </>
  );
}
