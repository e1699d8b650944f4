import { Field, issueFor } from '../components/Field';
import type { FormSectionProps } from '../form/form-section';

/** Where the outcome is sent (folded away: most renders need none). */
export function DeliverySection({ form, set, error }: FormSectionProps) {
  return (
    <details className="card">
      <summary>Delivery</summary>
      <Field
        label="Webhook URL"
        hint="Receives render.complete or render.failed, signed with your webhook secret."
        name="webhook_url"
        error={issueFor(error, 'webhook_url')}
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
  );
}
