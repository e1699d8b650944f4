/**
 * Shown while the dashboard waits for the account's next rate-limit window (a Free account has 10 API requests a
 * minute, shared with its keys): how long, why, and which plan allows more (`GET /v1/account`'s `plans`), instead of pages that only say "Loading…".
 * The waits themselves are the API client's (api/client.ts): it holds background reads back and retries a 429.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Plan } from '@mapr/sdk';
import { rateWait } from '../api/client';
import { useAccount } from '../api/queries';

export function RateLimitBanner() {
  const until = useSyncExternalStore(rateWait.subscribe, rateWait.until);
  const [now, setNow] = useState(() => Date.now());
  const waiting = until > now;
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = window.setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= until) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  const account = useAccount();
  if (!waiting) return null;
  const seconds = Math.max(1, Math.ceil((until - now) / 1000));
  const limits = account.data?.limits;
  const plans = account.data?.plans ?? [];
  const current = plans.find((p) => p.tier === account.data?.tier);
  return (
    <div className="notice notice-info rate-banner" role="status">
      <p className="notice-title">
        Waiting for your plan’s next minute of requests: the page carries on in{' '}
        <span className="rate-countdown" aria-hidden="true">
          {seconds} s
        </span>
        <span className="visually-hidden">under a minute</span>.
      </p>
      {limits ? (
        <p className="notice-message">
          {current ? `Your ${current.name} plan` : 'Your plan'} allows {limits.requests_per_minute} API requests a minute, shared with your
          API keys. {morePlans(plans, limits.requests_per_minute)}
        </p>
      ) : null}
    </div>
  );
}

/** "Creator allows 30 a minute and Studio 60." for the plans above the account's rate. */
function morePlans(plans: Plan[], rate: number): string {
  const higher = plans.filter((p) => p.limits.requests_per_minute > rate);
  if (higher.length === 0) return '';
  const [first, ...rest] = higher;
  const others = rest.map((p) => ` and ${p.name} ${p.limits.requests_per_minute}`).join('');
  return `${first.name} allows ${first.limits.requests_per_minute} a minute${others}.`;
}
