import type { IncomingMessage, ServerResponse } from 'node:http';
import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { LogFn, Logger as PinoLoggerInstance } from 'pino';
import type { Options as PinoHttpOptions } from 'pino-http';
import { APP_CONFIG, AppConfig } from '../../config';
import { assignRequestId } from '../../common/http/request-id';
import { prettyLogStream } from './pretty-log';

/** Query parameters whose values are secrets (the e-mail verification token). */
const SECRET_QUERY = /([?&](?:token|key|secret|signature)=)[^&]*/gi;
export function redactUrl(url: string | undefined): string | undefined {
  return url?.replace(SECRET_QUERY, '$1[REDACTED]');
}

/**
 * Nest's start-up inventory (one line per module and per route, ~70 lines) is for debugging the
 * framework, not for reading at every start: it is logged at debug level.
 */
const STARTUP_INVENTORY_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);
export function demoteStartupInventory(this: PinoLoggerInstance, args: Parameters<LogFn>, method: LogFn, level: number): void {
  const first = args[0] as unknown;
  const context = first && typeof first === 'object' ? (first as { context?: unknown }).context : undefined;
  if (level === 30 && typeof context === 'string' && STARTUP_INVENTORY_CONTEXTS.has(context)) {
    if (this.isLevelEnabled('debug')) (this.debug as LogFn)(...args);
    return;
  }
  method.apply(this, args);
}

/**
 * Logs (pino) with a request id on every line and every response (`X-Request-Id`, taken from
 * the caller when well-formed). Credentials, passwords, keys, tokens and secrets are redacted.
 * One JSON object a line, or readable lines for a person at a terminal (`config.logFormat`).
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        const options: PinoHttpOptions = {
          level: config.logLevel,
          hooks: { logMethod: demoteStartupInventory },
          genReqId: (req: IncomingMessage, res: ServerResponse) => assignRequestId(req, res),
          redact: {
            paths: [
              'req.headers.authorization',
              'req.headers.cookie',
              'res.headers["set-cookie"]',
              '*.password',
              '*.passwordHash',
              '*.accessToken',
              '*.token',
              '*.key',
              '*.secret',
              '*.jwtSecret',
              '*.licenseKey',
              '*.remotionLicenseKey',
            ],
            censor: '[REDACTED]',
          },
          serializers: {
            req: (req: { id: string; method: string; url: string; remoteAddress?: string }) => ({
              id: req.id,
              method: req.method,
              url: redactUrl(req.url),
              remoteAddress: req.remoteAddress,
            }),
          },
          customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) =>
            err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'debug',
          autoLogging: { ignore: (req: IncomingMessage) => (req.url ?? '').startsWith('/health/') },
        };
        return { pinoHttp: config.logFormat === 'pretty' ? [options, prettyLogStream()] : options };
      },
    }),
  ],
})
export class LoggingModule {}
