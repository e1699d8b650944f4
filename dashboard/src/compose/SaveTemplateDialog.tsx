import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Ref, useImperativeHandle, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MaprError } from '@mapr/sdk';
import { mapr } from '../api/client';
import { queryKeys } from '../api/queries';
import type { Template, TemplateSettings } from '../api/types';
import { ErrorNotice } from '../components/ErrorNotice';
import { Field, issueFor } from '../components/Field';

export interface SaveTemplateDialogHandle {
  /** Opens the dialog, without the previous attempt's error. */
  open(): void;
}

/** Saves the form's settings as a template under a name (POST /v1/templates). */
export function SaveTemplateDialog({
  ref,
  settings,
  onSaved,
}: {
  ref: Ref<SaveTemplateDialogHandle>;
  /** What the template holds: the form's body without the per-job fields; null while the form cannot be sent. */
  settings: TemplateSettings | null;
  onSaved(template: Template): void;
}) {
  const queryClient = useQueryClient();
  const dialog = useRef<HTMLDialogElement>(null);
  const [name, setName] = useState('');
  const save = useMutation({
    mutationFn: (saved: TemplateSettings) => mapr().templates.create({ name: name.trim(), settings: saved }),
    onSuccess: (template) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.templates });
      // The dialog stays open to say it worked; the form now starts from the new template.
      onSaved(template);
    },
  });
  useImperativeHandle(ref, () => ({
    open() {
      save.reset();
      dialog.current?.showModal();
    },
  }));

  return (
    <dialog ref={dialog} aria-labelledby="save-template-heading">
      <form
        method="dialog"
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          if (settings) save.mutate(settings);
        }}
      >
        <h2 id="save-template-heading">Save as template</h2>
        {save.data ? (
          <>
            <p role="status" className="notice notice-success">
              Saved as “{save.data.name}”. This form now starts from it, and it is listed under <Link to="/templates">Templates</Link>.
            </p>
            <p className="hint">
              Through the API, start a render from it with <code>template_id: "{save.data.id}"</code>.
            </p>
            <div className="row">
              <button type="button" className="button button-primary" onClick={() => dialog.current?.close()}>
                Done
              </button>
            </div>
          </>
        ) : (
          <>
            <p className="hint">
              The form's settings under a name, to start a render from later here, or through the API as <code>template_id</code>.
            </p>
            <Field label="Name" error={issueFor(save.error, 'name')}>
              {(control) => <input {...control} required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />}
            </Field>
            <ErrorNotice error={save.error instanceof MaprError && save.error.issues.some((i) => i.field === 'name') ? null : save.error} />
            <div className="row">
              <button type="submit" className="button button-primary" disabled={save.isPending}>
                Save
              </button>
              <button type="button" className="button button-secondary" onClick={() => dialog.current?.close()}>
                Cancel
              </button>
            </div>
          </>
        )}
      </form>
    </dialog>
  );
}
