import type { DestinationStream } from 'pino';
import { prettyFactory, type PrettyOptions } from 'pino-pretty';

/** Fields the pretty format folds into the message line (or leaves out), instead of listing them. */
const FOLDED = ['pid', 'hostname', 'context', 'req', 'res', 'responseTime', 'verification_link', 'password_reset_link', 'outbox_file'];

interface LogLine {
  msg?: unknown;
  context?: unknown;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  verification_link?: unknown;
  password_reset_link?: unknown;
}

/** The e-mailed link a line carries (verification or password reset), logged only when e-mails go to the outbox folder. */
function mailedLink(log: { verification_link?: unknown; password_reset_link?: unknown }): string | undefined {
  const link = log.verification_link ?? log.password_reset_link;
  return typeof link === 'string' ? link : undefined;
}

/**
 * The message part of a pretty line: `[Context] message`; request lines as `POST /v1/render → 400 (5 ms)`;
 * and an e-mailed link (verification or password reset; logged only when e-mails go to the outbox folder) as a
 * block of its own, the link alone on its line so that it can be copied whole.
 */
export function formatMessage(log: LogLine): string {
  const msg = String(log.msg ?? '');
  const link = mailedLink(log);
  if (link !== undefined) {
    const title = msg.replace(`: ${link}`, '').replace(/\.$/, '');
    const rule = '─'.repeat(Math.min(72, Math.max(title.length + 2, 40)));
    return `${title}: open this link (the e-mail itself is in the outbox folder)\n${rule}\n${link}\n${rule}`;
  }
  if (log.req?.method && log.res?.statusCode !== undefined) {
    const time = typeof log.responseTime === 'number' ? ` (${log.responseTime} ms)` : '';
    return `${log.req.method} ${log.req.url ?? ''} → ${log.res.statusCode}${time}`;
  }
  return typeof log.context === 'string' && log.context ? `[${log.context}] ${msg}` : msg;
}

export function prettyOptions(colorize: boolean): PrettyOptions {
  return {
    colorize,
    translateTime: 'SYS:HH:MM:ss',
    ignore: FOLDED.join(','),
    singleLine: true,
    messageFormat: (log) => formatMessage(log as LogLine),
  };
}

/**
 * Human-readable log lines (pino-pretty), written to stdout from this thread: for a person at a
 * terminal, never for log collectors (they get one JSON object a line). An e-mailed link's
 * block is printed without the line's other fields, so that nothing trails the link.
 */
export function prettyLogStream(colorize = Boolean(process.stdout.isTTY)): DestinationStream {
  const format = prettyFactory(prettyOptions(colorize));
  return {
    write(line: string) {
      let log: Record<string, unknown>;
      try {
        log = JSON.parse(line) as Record<string, unknown>;
      } catch {
        process.stdout.write(line);
        return;
      }
      if (mailedLink(log) !== undefined) {
        const { level, time, msg, verification_link, password_reset_link } = log;
        log = { level, time, msg, verification_link, password_reset_link };
      }
      process.stdout.write(format(log));
    },
  };
}
