export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The verification e-mail. It carries nothing the registering person typed (not even their name): anyone may register
 * any address, so text of theirs in our e-mail ("Your account is suspended! Reset it at https://…") would be phishing
 * sent in our name.
 */
export function verificationEmail(input: { link: string; ttlHours: number }) {
  const subject = 'Verify your e-mail address for mapr';
  const text = [
    'Hello,',
    '',
    'Open this link to verify your e-mail address and start rendering:',
    input.link,
    '',
    `The link works once and expires in ${input.ttlHours} hours.`,
    'If you did not sign up for mapr, ignore this message.',
  ].join('\n');
  const html = `<p>Hello,</p>
<p>Open this link to verify your e-mail address and start rendering:</p>
<p><a href="${escapeHtml(input.link)}">Verify my e-mail address</a></p>
<p>The link works once and expires in ${input.ttlHours} hours. If you did not sign up for mapr, ignore this message.</p>`;
  return { subject, text, html };
}

export function verificationResultPage(ok: boolean): string {
  const title = ok ? 'E-mail verified' : 'This link no longer works';
  const body = ok
    ? 'Your e-mail address is verified. You can now create renders.'
    : 'The verification link is invalid, expired or already used. Log in and request a new one.';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title} · mapr</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1rem;color:#1d2733}h1{font-size:1.5rem}</style></head>
<body><h1>${title}</h1><p>${body}</p><p><a href="/">Open the dashboard</a></p></body></html>`;
}
