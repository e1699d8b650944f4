import { formatMessage, prettyLogStream } from './pretty-log';

describe('formatMessage (pretty logs)', () => {
  it('prefixes the context', () => {
    expect(formatMessage({ context: 'EmbeddedRedis', msg: 'Started' })).toBe('[EmbeddedRedis] Started');
  });

  it('writes request lines as method, path, status and time', () => {
    expect(
      formatMessage({ msg: 'request completed', req: { method: 'POST', url: '/v1/render' }, res: { statusCode: 400 }, responseTime: 5 }),
    ).toBe('POST /v1/render → 400 (5 ms)');
  });

  it('sets the verification link apart, alone on its line', () => {
    const link = 'http://localhost:3000/v1/auth/verify-email?token=abc.def.ghi';
    const lines = formatMessage({
      context: 'AuthService',
      msg: `Verification link for you@example.com: ${link}`,
      verification_link: link,
    }).split('\n');
    expect(lines[0]).toBe('Verification link for you@example.com: open this link (the e-mail itself is in the outbox folder)');
    expect(lines).toContain(link);
    expect(lines.filter((line) => line.includes(link))).toEqual([link]);
  });

  it('sets a password reset link apart the same way', () => {
    const link = 'http://localhost:3000/reset-password#token=abc.def.ghi';
    const lines = formatMessage({
      context: 'PasswordResetService',
      msg: `Password reset link for you@example.com: ${link}`,
      password_reset_link: link,
    }).split('\n');
    expect(lines[0]).toBe('Password reset link for you@example.com: open this link (the e-mail itself is in the outbox folder)');
    expect(lines.filter((line) => line.includes(link))).toEqual([link]);
  });

  it('prints the verification block with nothing after the link but the closing rule', () => {
    const written: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const link = 'http://localhost:3000/v1/auth/verify-email?token=abc.def.ghi';
      prettyLogStream(false).write(
        JSON.stringify({
          level: 30,
          time: Date.now(),
          pid: 1,
          context: 'AuthService',
          user_id: 'usr_1',
          verification_link: link,
          msg: `Verification link for a@b.c: ${link}`,
        }) + '\n',
      );
      prettyLogStream(false).write(
        JSON.stringify({ level: 30, time: Date.now(), context: 'Worker', job_id: 'job_1', msg: 'started' }) + '\n',
      );
    } finally {
      spy.mockRestore();
    }
    const [block, plain] = written;
    expect(block).not.toContain('usr_1');
    expect(block.trimEnd().split('\n').slice(-2)[0]).toBe('http://localhost:3000/v1/auth/verify-email?token=abc.def.ghi');
    expect(plain).toMatch(/INFO: \[Worker\] started \{"job_id":"job_1"\}/);
  });
});
