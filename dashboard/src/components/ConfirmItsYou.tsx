import { MaprError } from '@mapr/sdk';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSession } from '../auth';
import { CurrentPasswordField } from './Field';

/** Whether the API asks this session to prove it is its owner's again (403 REAUTHENTICATION_REQUIRED). */
export function needsReauthentication(error: unknown): boolean {
  return error instanceof MaprError && error.error_code === 'REAUTHENTICATION_REQUIRED';
}

/**
 * The answer to 403 REAUTHENTICATION_REQUIRED when a session over an hour old reads or rotates the webhook secret or
 * revokes a key: the person gives the password, the dashboard logs in again (the fresh session replaces this one), and
 * `onConfirmed` repeats what was asked. Creating a key asks for the password the same way, inside its own form.
 */
export function ConfirmItsYou({ action, onConfirmed }: { action: string; onConfirmed: () => void }) {
  const { session, logIn } = useSession();
  const [password, setPassword] = useState('');
  const confirm = useMutation({
    mutationFn: () => logIn(session!.user.email, password),
    onSuccess: () => {
      setPassword('');
      onConfirmed();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate();
  };
  const wrong = confirm.error instanceof MaprError && confirm.error.error_code === 'INVALID_CREDENTIALS';
  return (
    <form className="stack" style={{ marginTop: '0.75rem' }} onSubmit={submit} aria-label="Confirm it is you">
      <CurrentPasswordField
        label="Your password"
        hint={`You logged in more than an hour ago: confirm it is you to ${action}.`}
        error={wrong ? 'The password is wrong.' : confirm.error ? confirm.error.message : undefined}
        value={password}
        onChange={setPassword}
      />
      <div>
        <button type="submit" className="button button-primary" disabled={confirm.isPending}>
          {confirm.isPending ? 'Confirming…' : 'Confirm'}
        </button>
      </div>
    </form>
  );
}
