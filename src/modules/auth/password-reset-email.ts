import { escapeHtml } from './verification-email';

/**
 * The password reset e-mail. Like the verification e-mail it carries nothing anyone typed: whoever asks for a reset
 * need not own the address, so the message only says what the link does and what to do if it was not you.
 */
export function passwordResetEmail(input: { link: string; ttlMinutes: number }) {
  const subject = 'Reset your mapr password';
  const text = [
    'Hello,',
    '',
    'Someone asked to reset the password of the mapr account with this e-mail address. Open this link to choose a new one:',
    input.link,
    '',
    `The link works once and expires in ${input.ttlMinutes} minutes. Setting a new password logs out every session.`,
    'If you did not ask for this, ignore this message: your password stays as it is.',
  ].join('\n');
  const html = `<p>Hello,</p>
<p>Someone asked to reset the password of the mapr account with this e-mail address. Open this link to choose a new one:</p>
<p><a href="${escapeHtml(input.link)}">Choose a new password</a></p>
<p>The link works once and expires in ${input.ttlMinutes} minutes. Setting a new password logs out every session.</p>
<p>If you did not ask for this, ignore this message: your password stays as it is.</p>`;
  return { subject, text, html };
}
