/**
 * The API's response bodies as the dashboard reads them (docs/openapi.json is the reference).
 * Render request bodies are built by compose/render-form.ts.
 */
export type Tier = 'free' | 'creator' | 'studio';

export interface Limits {
  renders_per_month: number;
  max_duration_seconds: number;
  resolutions: string[];
  requests_per_minute: number;
  concurrent_jobs: number;
}

export interface Account {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  tier: Tier;
  limits: Limits;
  created_at: string;
}

export interface Usage {
  renders_used: number;
  renders_limit: number;
  renders_remaining: number;
  period_start: string;
  period_end: string;
}

export interface LoginResponse {
  accessToken: string;
  user: { id: string; email: string; name: string };
}

export interface RegisterResponse {
  user: { id: string; email: string; name: string; emailVerified: boolean };
  message: string;
}

export interface ApiKey {
  id: string;
  name: string;
  mode: 'live' | 'test';
  prefix: string;
  last4: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface CreatedApiKey extends Omit<ApiKey, 'last_used_at' | 'revoked_at'> {
  key: string;
}

export type JobStatus = 'queued' | 'processing' | 'complete' | 'failed' | 'cancelled';

export interface Job {
  job_id: string;
  status: JobStatus;
  progress: number;
  created_at: string;
  started_at: string | null;
  video_url?: string;
  thumbnail_url?: string;
  duration_seconds?: number;
  resolution?: string;
  file_size_bytes?: number;
  expires_at?: string;
  completed_at?: string;
  error?: string;
  message?: string;
  failed_at?: string;
  cancelled_at?: string;
  estimated_duration_seconds?: number;
  batch_id?: string | null;
  sandbox: boolean;
  request: Record<string, unknown>;
  status_url: string;
}

export interface JobList {
  data: Job[];
  next_cursor: string | null;
}

export interface AcceptedRender {
  job_id: string;
  status: JobStatus;
  estimated_duration_seconds: number;
  status_url: string;
  created_at: string;
  sandbox: boolean;
}

export interface RouteFeature {
  type: 'Feature';
  geometry: { type: 'LineString' | 'MultiLineString'; coordinates: number[][] | number[][][] };
  properties: Record<string, unknown>;
}

export interface RouteGeoJson {
  type: 'FeatureCollection';
  features: RouteFeature[];
}

export interface RenderPreview {
  composition: { id: string; width: number; height: number; fps: number; duration_in_frames: number };
  props: Record<string, unknown>;
  route: RouteGeoJson;
}

export interface Style {
  id: string;
  name: string;
  description: string;
  dark: boolean;
  preview_url: string | null;
}

export interface Place {
  name: string;
  country: string;
  lat: number;
  lng: number;
  population: number;
}

export interface TemplateSummary {
  id: string;
  name: string;
  description: string | null;
  created_at: string;
  updated_at: string;
  builtin: boolean;
}

export interface Template extends TemplateSummary {
  settings: Record<string, unknown>;
}

export interface BatchJobEntry {
  job_id: string;
  status: JobStatus;
  video_url?: string;
  error?: string;
  message?: string;
}

export interface Batch {
  batch_id: string;
  status: string;
  jobs: BatchJobEntry[];
  completed: number;
  failed: number;
  processing: number;
  queued: number;
  total: number;
  created_at: string;
  completed_at: string | null;
}

export interface DeliveryAttempt {
  attempt: number;
  trigger: string;
  outcome: string;
  status_code: number | null;
  error_kind: string | null;
  error_message: string | null;
  latency_ms: number | null;
  response_excerpt: string | null;
  at: string;
}

export interface Delivery {
  id: string;
  event: string;
  job_id: string | null;
  batch_id: string | null;
  url: string;
  status: string;
  attempt_count: number;
  next_attempt_at: string | null;
  created_at: string;
  delivered_at: string | null;
  attempts: DeliveryAttempt[];
}

export interface SigningSecret {
  secret: string;
  created_at: string;
  previous_secret_expires_at: string | null;
}

/* Account pages (API keys, webhooks, templates, batches). */
export interface BatchList {
  data: Batch[];
  next_cursor: string | null;
}

/* Renders pages: the route of a job and the delivery list. */
export interface JobRouteProperties {
  leg: number;
  /** multi_route only: which destination this feature reaches. */
  route?: number;
  from: string;
  to: string;
  transport: string;
  mode: 'great-circle' | 'sea' | 'road' | string;
  distance_km: number;
}

export interface JobRoute {
  type: 'FeatureCollection';
  distance_km: number;
  features: { type: 'Feature'; geometry: { type: 'LineString'; coordinates: [number, number][] }; properties: JobRouteProperties }[];
}

export interface DeliveryList {
  deliveries: Delivery[];
}
