import { loadConfiguration } from '../../config';

describe('mail configuration', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/mapr-config-spec' };

  it('refuses to start in production with neither SMTP_URL nor an outbox chosen on purpose', () => {
    expect(() => loadConfiguration(production)).toThrow(/SMTP_URL is required in production/);
  });

  it('in production, sends by SMTP or keeps the chosen outbox, and never logs verification links', () => {
    expect(loadConfiguration({ ...production, SMTP_URL: 'smtp://mail.example:587' }).mail).toMatchObject({
      smtpUrl: 'smtp://mail.example:587',
      logLinks: false,
    });
    expect(loadConfiguration({ ...production, MAIL_OUTBOX_DIR: '/var/mapr/outbox' }).mail).toMatchObject({
      smtpUrl: undefined,
      outboxDir: '/var/mapr/outbox',
      logLinks: false,
    });
  });

  it('elsewhere keeps the embedded outbox in DATA_DIR and prints the links, for a first run without a mail server', () => {
    const mail = loadConfiguration({ NODE_ENV: 'development', DATA_DIR: '/tmp/mapr-config-spec' }).mail;
    expect(mail).toMatchObject({ outboxDir: '/tmp/mapr-config-spec/outbox', logLinks: true });
  });
});
