import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { APP_CONFIG, AppConfig } from '../../config';

const INCOMING_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Query parameters whose values are secrets (the e-mail verification token). */
const SECRET_QUERY = /([?&](?:token|key|secret|signature)=)[^&]*/gi;
export function redactUrl(url: string | undefined): string | undefined {
  return url?.replace(SECRET_QUERY, '$1[REDACTED]');
}

/**
 * JSON logs (pino) with a request id on every line and every response (`X-Request-Id`, taken from
 * the caller when well-formed). Credentials, passwords, keys, tokens and secrets are redacted.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        pinoHttp: {
          level: config.logLevel,
          genReqId: (req: IncomingMessage, res: ServerResponse) => {
            const incoming = req.headers['x-request-id'];
            const id = typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : `req_${randomUUID().replace(/-/g, '')}`;
            res.setHeader('X-Request-Id', id);
            return id;
          },
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
        },
      }),
    }),
  ],
})
export class LoggingModule {}
