import type { RenderForm, SetFormField } from './render-form';

/** What the composer hands each section of its form. */
export interface FormSectionProps {
  form: RenderForm;
  set: SetFormField;
  /** The latest preview's or submission's error: each field shows the API's message for it (`waypoints[1].place`, `duration`). */
  error: unknown;
}
