/**
 * Reads shared by several pages, with one cache key each, so a change made on one page (a render
 * submitted, a key revoked) refreshes every page that shows it. Reads that change rarely stay fresh
 * for a while: a Free account has 10 API requests a minute, shared with its live keys.
 */
import { useQuery } from '@tanstack/react-query';
import { read } from './client';

export const queryKeys = {
  account: ['account'] as const,
  usage: ['usage'] as const,
  styles: ['styles'] as const,
  templates: ['templates'] as const,
  template: (id: string) => ['templates', id] as const,
  apiKeys: ['api-keys'] as const,
  renders: ['renders'] as const,
  render: (id: string) => ['renders', id] as const,
  route: (id: string) => ['renders', id, 'route'] as const,
  deliveries: (filter: { job_id?: string; batch_id?: string }) => ['deliveries', filter] as const,
  batches: ['batches'] as const,
  batch: (id: string) => ['batches', id] as const,
  webhookSecret: ['webhook-secret'] as const,
  // Renders pages: one page of the jobs list (under `renders`, so invalidating renders refreshes it).
  renderList: (filter: { status?: string; cursor?: string }) => ['renders', 'list', filter] as const,
};

export function useAccount() {
  return useQuery({ queryKey: queryKeys.account, queryFn: ({ signal }) => read((api) => api.account.get({ signal })), staleTime: 60_000 });
}

export function useUsage() {
  return useQuery({ queryKey: queryKeys.usage, queryFn: ({ signal }) => read((api) => api.usage.get({ signal })), staleTime: 30_000 });
}

export function useStyles() {
  return useQuery({
    queryKey: queryKeys.styles,
    queryFn: ({ signal }) => read((api) => api.catalog.styles({ signal })),
    staleTime: Infinity,
  });
}

export function useTemplates() {
  return useQuery({
    queryKey: queryKeys.templates,
    queryFn: ({ signal }) => read((api) => api.templates.list({ signal })),
    staleTime: 60_000,
  });
}

/* Account pages: prefix keys that cover every filter or page of a list, for invalidation. */
export const listKeys = {
  /** Every `queryKeys.deliveries(filter)`. */
  deliveries: ['deliveries'] as const,
  /** The batch list pages (`queryKeys.batches` + 'list'), not each batch's own key. */
  batchList: [...queryKeys.batches, 'list'] as const,
};
