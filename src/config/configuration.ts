import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { ConfigurationError, EnvironmentVariables, validateEnvironment } from './environment';

export type DatabaseConfig = { kind: 'postgres'; url: string } | { kind: 'sqlite'; path: string };

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  role: 'all' | 'api' | 'worker';
  logLevel: string;
  /** `pretty` for a person at a terminal, `json` for everything else (LOG_FORMAT overrides). */
  logFormat: 'json' | 'pretty';
  dataDir: string;
  http: {
    port: number;
    publicUrl: string;
    cdnUrl: string;
    servesLocalCdn: boolean;
    trustProxyHops: number;
    /** Lets a caller see /health/ready's detail from elsewhere than the machine itself (header X-Health-Token). */
    healthDetailToken?: string;
    /** A client that has not sent its headers within this is cut off; a whole request must arrive within twice it. */
    headersTimeoutMs: number;
    /** Origins allowed to call the API from a browser (CORS); empty: no cross-origin access. */
    corsOrigins: string[];
    anonymousRequestsPerMinute: number;
    /** The built dashboard (`npm run build`: dist/dashboard), served at `/` by the API role when it exists. */
    dashboardDir: string;
  };
  database: DatabaseConfig;
  /** `url` unset means "start a private redis-server"; main.ts fills it in before the app boots. */
  redis: { url?: string; keyPrefix: string; embeddedDir: string };
  auth: {
    jwtSecret: string;
    accessTokenTtlSeconds: number;
    verificationTtlHours: number;
    keyPrefix: 'mapr';
    /** Registrations per source (an IPv4 address or an IPv6 /64) an hour and a day; beyond, 429 TOO_MANY_ATTEMPTS. */
    registrationsPerSource: { hour: number; day: number };
  };
  /** `logLinks`: print verification links in the log (never in production, where links are secrets of their own). */
  mail: { smtpUrl?: string; outboxDir: string; from: string; logLinks: boolean };
  storage:
    | { driver: 'local'; dir: string; retentionDays: number }
    | {
        driver: 's3';
        bucket: string;
        region: string;
        endpoint?: string;
        accessKeyId?: string;
        secretAccessKey?: string;
        forcePathStyle: boolean;
        retentionDays: number;
      };
  rendering: {
    chromiumPath?: string;
    roadRouterUrl?: string;
    /** OSM PBF (`.osm.pbf`), OSM XML (`.osm`, `.xml`) or GeoJSON (`.geojson`, `.json`), by its extension. */
    roadNetworkFile?: string;
    /** How long a preview may take to plan its sea and road legs (PREVIEW_ROUTING_BUDGET_MS); past it, 422 ROUTE_TOO_COMPLEX. */
    previewRoutingBudgetMs: number;
    timeoutSeconds: number;
    /** Deadline of one preview still, waiting included (PREVIEW_STILL_TIMEOUT_SECONDS, 30 s). */
    previewStillTimeoutSeconds: number;
    /** Stills a minute from one network address across accounts (PREVIEW_STILLS_PER_SOURCE_PER_MINUTE, 30). */
    previewStillsPerSourcePerMinute: number;
    lockSeconds: number;
    /** 0: no sweep for lost queue entries. */
    queueSweepSeconds: number;
    workerConcurrency: number;
    /** `in_page`: videos the page renders well are drawn and encoded inside it, the rest screenshot (ADR 0015). */
    engine: 'in_page' | 'screenshots';
    /** REMOTION_LICENSE_KEY, given to both renderers; null: none (usage reports stay blocked in the page). Secret. */
    remotionLicenseKey: string | null;
    /** Smallest chunk a job is split into across workers (contract §18); undefined: never split. */
    chunkFrames?: number;
    tempDir: string;
    /** Style previews to publish (`<style>.jpg`); unset: those of the Remotion bundle (remotion-bundle/style-previews). */
    stylePreviewsDir?: string;
    /** An operator's XYZ imagery (contract §21); unset: the bundled NASA imagery at every zoom. */
    imageryTiles?: { url: string; attribution: string | null; maxZoom: number; cacheDir: string };
  };
  /** `timeoutMs`: deadline of one attempt, 30 s unless a test suite shortens it. */
  webhooks: { allowPrivateTargets: boolean; retryTimeScale: number; timeoutMs: number; lockSeconds: number };
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * The JWT secret: JWT_SECRET when set (required in production); otherwise one generated on first
 * start and kept under the data folder, so tokens survive restarts of a local install.
 */
function resolveJwtSecret(env: EnvironmentVariables, dataDir: string): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  if (env.NODE_ENV === 'production') throw new ConfigurationError('Invalid configuration:\n  - JWT_SECRET is required in production');
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export function loadConfiguration(rawEnv: NodeJS.ProcessEnv = process.env): AppConfig {
  const env = validateEnvironment(rawEnv);
  const nodeEnv = env.NODE_ENV ?? 'development';
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const inData = (p: string) => (isAbsolute(p) ? p : join(dataDir, p));
  const port = env.PORT ?? 3000;
  const publicUrl = stripSlash(env.PUBLIC_URL ?? `http://localhost:${port}`);
  const cdnUrl = stripSlash(env.CDN_URL ?? `${publicUrl}/cdn`);
  const storageDriver = env.STORAGE_DRIVER ?? 'local';
  const retentionDays = env.VIDEO_RETENTION_DAYS ?? 7;

  if (nodeEnv === 'production' && env.WEBHOOK_RETRY_TIME_SCALE && env.WEBHOOK_RETRY_TIME_SCALE !== 1) {
    throw new ConfigurationError('Invalid configuration:\n  - WEBHOOK_RETRY_TIME_SCALE is for test suites only');
  }
  if (nodeEnv === 'production' && env.WEBHOOK_TIMEOUT_MS && env.WEBHOOK_TIMEOUT_MS !== 30_000) {
    throw new ConfigurationError('Invalid configuration:\n  - WEBHOOK_TIMEOUT_MS is for test suites only');
  }
  if (nodeEnv === 'production' && !env.SMTP_URL && !env.MAIL_OUTBOX_DIR) {
    throw new ConfigurationError(
      'Invalid configuration:\n  - SMTP_URL is required in production (or MAIL_OUTBOX_DIR, to keep e-mails as files on purpose)',
    );
  }
  if (storageDriver === 's3' && !env.S3_BUCKET) {
    throw new ConfigurationError('Invalid configuration:\n  - S3_BUCKET is required when STORAGE_DRIVER=s3');
  }

  return {
    env: nodeEnv,
    role: env.MAPR_ROLE ?? 'all',
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    logFormat: env.LOG_FORMAT ?? (process.stdout.isTTY && nodeEnv !== 'test' ? 'pretty' : 'json'),
    dataDir,
    http: {
      port,
      publicUrl,
      cdnUrl,
      // The app serves {cdn_url} itself only for local storage; with S3 a real CDN fronts the bucket.
      servesLocalCdn: storageDriver === 'local',
      trustProxyHops: env.TRUST_PROXY_HOPS ?? 0,
      healthDetailToken: env.HEALTH_DETAIL_TOKEN,
      headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS ?? 15_000,
      // As browsers send Origin: lower-case scheme and host, no default port, no trailing slash.
      corsOrigins: (env.CORS_ORIGINS ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter((origin) => origin !== '')
        .map((origin) => new URL(origin).origin),
      anonymousRequestsPerMinute: env.ANONYMOUS_REQUESTS_PER_MINUTE ?? 60,
      dashboardDir: resolve(env.DASHBOARD_DIR ?? './dist/dashboard'),
    },
    database: env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'sqlite', path: inData('mapr.sqlite') },
    redis: { url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX ?? 'mapr', embeddedDir: inData('redis') },
    auth: {
      jwtSecret: resolveJwtSecret(env, dataDir),
      accessTokenTtlSeconds: 24 * 3600,
      verificationTtlHours: 24,
      keyPrefix: 'mapr',
      registrationsPerSource: { hour: env.REGISTRATIONS_PER_SOURCE_PER_HOUR ?? 5, day: env.REGISTRATIONS_PER_SOURCE_PER_DAY ?? 20 },
    },
    mail: {
      smtpUrl: env.SMTP_URL,
      outboxDir: inData(env.MAIL_OUTBOX_DIR ?? 'outbox'),
      from: env.MAIL_FROM ?? 'mapr <no-reply@mapr.local>',
      logLinks: nodeEnv !== 'production',
    },
    storage:
      storageDriver === 's3'
        ? {
            driver: 's3',
            bucket: env.S3_BUCKET!,
            region: env.S3_REGION ?? 'us-east-1',
            endpoint: env.S3_ENDPOINT,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
            retentionDays,
          }
        : { driver: 'local', dir: inData('storage'), retentionDays },
    rendering: {
      chromiumPath: env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined),
      roadRouterUrl: env.ROAD_ROUTER_URL,
      roadNetworkFile: env.ROAD_NETWORK_FILE,
      previewRoutingBudgetMs: env.PREVIEW_ROUTING_BUDGET_MS ?? 5_000,
      timeoutSeconds: env.RENDER_TIMEOUT_SECONDS ?? 600,
      previewStillTimeoutSeconds: env.PREVIEW_STILL_TIMEOUT_SECONDS ?? 30,
      previewStillsPerSourcePerMinute: env.PREVIEW_STILLS_PER_SOURCE_PER_MINUTE ?? 30,
      lockSeconds: env.RENDER_LOCK_SECONDS ?? 30,
      queueSweepSeconds: env.RENDER_QUEUE_SWEEP_SECONDS ?? 60,
      workerConcurrency: env.WORKER_CONCURRENCY ?? 1,
      engine: env.RENDER_ENGINE ?? 'in_page',
      remotionLicenseKey: env.REMOTION_LICENSE_KEY ?? null,
      chunkFrames: env.RENDER_CHUNK_FRAMES,
      tempDir: inData('tmp'),
      stylePreviewsDir: env.STYLE_PREVIEWS_DIR ? resolve(env.STYLE_PREVIEWS_DIR) : undefined,
      imageryTiles: env.IMAGERY_TILE_URL
        ? {
            url: env.IMAGERY_TILE_URL,
            attribution: env.IMAGERY_ATTRIBUTION ?? null,
            maxZoom: env.IMAGERY_MAX_ZOOM ?? 14,
            cacheDir: env.IMAGERY_CACHE_DIR ? resolve(env.IMAGERY_CACHE_DIR) : inData('imagery-tiles'),
          }
        : undefined,
    },
    webhooks: {
      allowPrivateTargets: env.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? false,
      retryTimeScale: env.WEBHOOK_RETRY_TIME_SCALE ?? 1,
      timeoutMs: env.WEBHOOK_TIMEOUT_MS ?? 30_000,
      lockSeconds: env.WEBHOOK_LOCK_SECONDS ?? 30,
    },
  };
}
