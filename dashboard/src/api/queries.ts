/**
 * Reads shared by several pages, with one cache key each, so a change made on one page (a render
 * submitted, a key revoked) refreshes every page that shows it. Reads that change rarely stay fresh
 * for a while: a Free account has 10 API requests a minute, shared with its keys.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import type { Account, Style, TemplateSummary, Usage } from './types';

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
  return useQuery({ queryKey: queryKeys.account, queryFn: () => api<Account>('GET', '/v1/account'), staleTime: 60_000 });
}

export function useUsage() {
  return useQuery({ queryKey: queryKeys.usage, queryFn: () => api<Usage>('GET', '/v1/usage'), staleTime: 30_000 });
}

export function useStyles() {
  return useQuery({
    queryKey: queryKeys.styles,
    queryFn: async () => (await api<{ styles: Style[] }>('GET', '/v1/styles')).styles,
    staleTime: Infinity,
  });
}

export function useTemplates() {
  return useQuery({
    queryKey: queryKeys.templates,
    queryFn: async () => (await api<{ templates: TemplateSummary[] }>('GET', '/v1/templates')).templates,
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
