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
    : 'The verification link is invalid, expired or already used. Log in and send yourself a new one from the banner at the top of the dashboard.';
  const action = ok ? 'Open the dashboard' : 'Log in';
  // Styled like the dashboard's own cards (dashboard/src/styles.css), with no stylesheet to fetch: the page must look
  // finished even where no dashboard is served.
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title} · mapr</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
*{box-sizing:border-box}body{margin:0;padding:1rem;min-height:100vh;display:grid;place-items:center;background:#f3f5f8;color:#17212b;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif}
main{width:100%;max-width:30rem;background:#fff;border:1px solid #d8dee5;border-radius:10px;padding:2rem;box-shadow:0 1px 2px rgba(23,33,43,.06)}
.brand{display:flex;align-items:center;gap:.5rem;font-weight:700;color:#0f4c81;margin-bottom:1.5rem}
.mark{width:28px;height:28px}
h1{font-size:1.5rem;margin:0 0 .5rem}
p{margin:0 0 1.5rem;color:#4a5866}
.status{display:inline-block;font-size:.8rem;font-weight:600;padding:.1rem .6rem;border-radius:999px;margin-bottom:.75rem;background:${ok ? '#e3f4ea' : '#fde8e6'};color:${ok ? '#1f7a4d' : '#b42318'}}
a.button{display:inline-block;background:#0f4c81;color:#fff;text-decoration:none;font-weight:600;padding:.6rem 1.1rem;border-radius:8px}
a.button:hover{background:#0b3a63}a.button:focus-visible{outline:none;box-shadow:0 0 0 3px rgba(15,76,129,.45)}
</style></head>
<body><main><div class="brand"><svg class="mark" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="7" fill="#0f4c81"/><path d="M6 23c5-1 6-12 11-12s5 7 9 6" fill="none" stroke="#ffd166" stroke-width="3" stroke-linecap="round"/><circle cx="6" cy="23" r="2.6" fill="#fff"/><circle cx="26" cy="17" r="2.6" fill="#fff"/></svg>mapr</div>
<span class="status">${ok ? 'Verified' : 'Link expired'}</span><h1>${title}</h1><p>${body}</p><a class="button" href="/">${action}</a></main></body></html>`;
}
