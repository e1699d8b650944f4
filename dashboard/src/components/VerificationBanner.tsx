import { useMutation } from '@tanstack/react-query';
import { mapr } from '../api/client';
import { ErrorNotice } from './ErrorNotice';

/** Shown on every page until the e-mail is verified: renders and API keys are refused until then (403 EMAIL_NOT_VERIFIED). */
export function VerificationBanner({ email }: { email: string }) {
  const resend = useMutation({
    mutationFn: () => mapr().auth.resendVerification(),
  });
  return (
    <section className="notice notice-warning" aria-labelledby="verify-heading">
      <strong id="verify-heading" className="notice-title">
        Verify your e-mail address to render
      </strong>
      <p className="notice-message">
        We sent a link to <strong>{email}</strong>. You can look around and preview renders meanwhile; API keys wait for it too.
      </p>
      <div className="row">
        <button type="button" className="button button-secondary" onClick={() => resend.mutate()} disabled={resend.isPending}>
          {resend.isPending ? 'Sending…' : 'Send the link again'}
        </button>
        {resend.data ? (
          <span role="status">
            {resend.data.message} It works for {resend.data.expires_in_hours} hours.
          </span>
        ) : null}
      </div>
      <ErrorNotice error={resend.error} />
    </section>
  );
}
