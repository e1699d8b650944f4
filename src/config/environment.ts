import { plainToInstance, Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Length, Matches, Max, Min, MinLength, validateSync } from 'class-validator';

const toBool = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : ['1', 'true', 'yes', 'on'].includes(String(value).toLowerCase());
const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/**
 * Every environment variable the service reads, validated once at boot. The names in the contract
 * (api-contract §11) are part of the interface; the rest are ours. Nothing else reads process.env.
 */
export class EnvironmentVariables {
  @IsOptional()
  @IsIn(['development', 'production', 'test'])
  NODE_ENV?: 'development' | 'production' | 'test';

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT?: number;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  PUBLIC_URL?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  CDN_URL?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// URL' })
  REDIS_URL?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^smtps?:\/\//, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters' })
  JWT_SECRET?: string;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  WEBHOOK_ALLOW_PRIVATE_TARGETS?: boolean;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  ROAD_ROUTER_URL?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  ROAD_NETWORK_FILE?: string;

  /**
   * Milliseconds a preview may take to plan its sea and road legs (on the routing thread); a route still running then
   * is refused with 422 ROUTE_TOO_COMPLEX and stopped. Jobs' routes have no such limit.
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(600_000)
  PREVIEW_ROUTING_BUDGET_MS?: number;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  CHROMIUM_PATH?: string;

  /** An XYZ imagery source for the satellite style beyond continent scale (contract §21): `https://…/{z}/{x}/{y}.jpg`. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^https?:\/\/[^\s]*(?=.*\{z\})(?=.*\{x\})(?=.*\{y\})/, {
    message: 'IMAGERY_TILE_URL must be an http(s) URL with {z}, {x} and {y}',
  })
  IMAGERY_TILE_URL?: string;

  /** The imagery provider's credit, drawn in the frame's corner wherever its tiles show. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  IMAGERY_ATTRIBUTION?: string;

  /** Deepest zoom level IMAGERY_TILE_URL serves (default 14). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(22)
  IMAGERY_MAX_ZOOM?: number;

  /** Where fetched imagery tiles are kept (default: imagery-tiles under the data folder). */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  IMAGERY_CACHE_DIR?: string;

  /** Folder of the built dashboard (index.html + assets) the API serves at `/`; unset: dist/dashboard. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  DASHBOARD_DIR?: string;

  /** Folder of the style previews the API publishes at boot; unset: the ones built into the Remotion bundle. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  STYLE_PREVIEWS_DIR?: string;

  /** Folder for the SQLite file, the embedded Redis, the JWT secret, local storage and the mail outbox. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  DATA_DIR?: string;

  /** `all` (API + worker in one process, the default), `api` or `worker`. */
  @IsOptional()
  @IsIn(['all', 'api', 'worker'])
  MAPR_ROLE?: 'all' | 'api' | 'worker';

  @IsOptional()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL?: string;

  /** `json` (one object a line) or `pretty` (readable lines); unset: pretty when stdout is a terminal. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsIn(['json', 'pretty'])
  LOG_FORMAT?: 'json' | 'pretty';

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  MAIL_FROM?: string;

  /**
   * Where e-mails are written as `.eml` files when there is no SMTP_URL (default DATA_DIR/outbox). In production one
   * of the two must be set: the outbox is then a choice, not an accident.
   */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  MAIL_OUTBOX_DIR?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  VIDEO_RETENTION_DAYS?: number;

  @IsOptional()
  @IsIn(['local', 's3'])
  STORAGE_DRIVER?: 'local' | 's3';

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  S3_BUCKET?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  S3_REGION?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsUrl({ require_tld: false })
  S3_ENDPOINT?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  S3_ACCESS_KEY_ID?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  S3_SECRET_ACCESS_KEY?: string;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  S3_FORCE_PATH_STYLE?: boolean;

  /**
   * Seconds a preview still has from the moment it asks for its turn (waiting included) until it is drawn; a still
   * that cannot be drawn within it is refused at once (429 PREVIEW_STILL_BUSY), one that runs past it is cancelled.
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(300)
  PREVIEW_STILL_TIMEOUT_SECONDS?: number;

  /** Preview stills a minute from one network address (an IPv4 address or an IPv6 /64), across its accounts. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  PREVIEW_STILLS_PER_SOURCE_PER_MINUTE?: number;

  /** Seconds a render of frames up to 1080p may run before it ends RENDER_TIMEOUT; larger frames get more in proportion to their pixels (worker/render-timeout.ts). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(5)
  RENDER_TIMEOUT_SECONDS?: number;

  /** Seconds a worker's lock on a render job lasts without renewal; a dead worker's job is taken up after about this long. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(2)
  @Max(600)
  RENDER_LOCK_SECONDS?: number;

  /** How often (seconds) a worker re-queues accepted jobs that lost their queue entry; 0 turns the sweep off. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(3600)
  RENDER_QUEUE_SWEEP_SECONDS?: number;

  /**
   * Smallest chunk (frames) a job is split into across workers (contract §18); unset: never split. Chunks are
   * max(RENDER_CHUNK_FRAMES, ceil(frames / alive worker slots)) frames long (jobs/chunk-plan.ts).
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  RENDER_CHUNK_FRAMES?: number;

  /**
   * How a worker makes videos (ADR 0015): `in_page` draws and encodes inside the page where the page does it well
   * (whole videos up to 4k whose camera never tilts) and takes Remotion's screenshots for the rest; `screenshots`
   * takes screenshots for every video.
   */
  @IsOptional()
  @IsIn(['in_page', 'screenshots'])
  RENDER_ENGINE?: 'in_page' | 'screenshots';

  /**
   * Remotion's licence key (remotion.dev/license: most companies need a company licence), given to both renderers;
   * set, Remotion's usage reports are let through to its server. A secret: never logged.
   */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  @Matches(/^\S{1,200}$/, { message: 'REMOTION_LICENSE_KEY must be 1 to 200 characters without spaces' })
  REMOTION_LICENSE_KEY?: string;

  /** Jobs one worker process renders at once (one Chromium each). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(16)
  WORKER_CONCURRENCY?: number;

  /** Divides webhook retry delays; test suites only (refused in production). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  WEBHOOK_RETRY_TIME_SCALE?: number;

  /**
   * Seconds a worker's lock on a webhook attempt lasts without renewal: the attempt of a worker that died holding it
   * is sent by another worker after about this long (1–2 locks), and a delivery whose queue entry was lost outright is
   * queued again by the sweep after 2 locks.
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(2)
  @Max(600)
  WEBHOOK_LOCK_SECONDS?: number;

  /** Deadline of one webhook attempt in ms (contract: 30 s); test suites only (refused in production). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(50)
  @Max(30000)
  WEBHOOK_TIMEOUT_MS?: number;

  /** Prefix of every Redis key and Bull queue, so several deployments or test runs can share one Redis. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^[a-z0-9_-]{1,32}$/)
  REDIS_KEY_PREFIX?: string;

  /** Requests per minute per IP for callers without valid credentials (contract §6: 60). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  ANONYMOUS_REQUESTS_PER_MINUTE?: number;

  /** Accounts one source (an IPv4 address or an IPv6 /64) may register in an hour (contract §27: 5). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  REGISTRATIONS_PER_SOURCE_PER_HOUR?: number;

  /** Accounts one source may register in a day (24 hours from its first; 20). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  REGISTRATIONS_PER_SOURCE_PER_DAY?: number;

  /**
   * Origins of browser apps allowed to call the API cross-origin, comma-separated (`https://app.example.com,http://localhost:5173`);
   * unset or empty: none (the dashboard is same-origin).
   */
  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^\s*https?:\/\/[^\s,/]+\/?\s*(,\s*https?:\/\/[^\s,/]+\/?\s*)*$/, {
    message: 'CORS_ORIGINS must be a comma-separated list of origins such as https://app.example.com (scheme and host, no path)',
  })
  CORS_ORIGINS?: string;

  /** Trust X-Forwarded-For from this many proxies when finding a client's IP. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(10)
  TRUST_PROXY_HOPS?: number;

  /**
   * Shows /health/ready's detail (queue counts, the Chromium path) to a request with `X-Health-Token: <this>`; without
   * it, only requests from the machine itself see the detail, everyone else the status alone. 16+ characters.
   */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  @Length(16, 200, { message: 'HEALTH_DETAIL_TOKEN must be 16 to 200 characters' })
  HEALTH_DETAIL_TOKEN?: string;

  /** How long a client may take to send a request's headers before the connection is cut (slow-header attacks). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(120_000)
  HTTP_HEADERS_TIMEOUT_MS?: number;
}

export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

export function validateEnvironment(env: NodeJS.ProcessEnv): EnvironmentVariables {
  const parsed = plainToInstance(EnvironmentVariables, { ...env }, { enableImplicitConversion: false });
  const errors = validateSync(parsed, { skipMissingProperties: false, whitelist: false });
  if (errors.length > 0) {
    const lines = errors.flatMap((e) => Object.values(e.constraints ?? {}).map((m) => `  - ${m}`));
    throw new ConfigurationError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed;
}
