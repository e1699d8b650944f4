import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { read } from '../api/client';
import { queryKeys, useAccount, useUsage } from '../api/queries';
import { ErrorNotice } from '../components/ErrorNotice';
import { EmptyState, Loading, PageHeader } from '../components/Page';
import { ProgressBar, StatusBadge } from '../components/StatusBadge';
import { formatDateTime } from '../format';
import { RelativeTime } from '../components/RelativeTime';
import { hasTitle, jobTitle, modeLabel, routeSummary } from '../jobs';

/** The usage meter against the quota, the tier's limits, and the latest renders. */
export default function OverviewPage() {
  const account = useAccount();
  const usage = useUsage();
  const recent = useQuery({
    queryKey: [...queryKeys.renders, { limit: 5 }],
    queryFn: ({ signal }) => read((api) => api.renders.listPage({ limit: 5 }, { signal })),
  });
  const limits = account.data?.limits;
  const plans = account.data?.plans;

  // The composer links here ("/#plan") when a limit of the plan blocks a render: bring the section into view once it is drawn.
  const location = useLocation();
  const planSection = useRef<HTMLElement>(null);
  useEffect(() => {
    if (location.hash === '#plan' && limits) planSection.current?.scrollIntoView({ block: 'start' });
  }, [location.hash, limits]);

  return (
    <>
      <PageHeader title="Overview" lead={account.data ? `Welcome, ${account.data.name}.` : undefined}>
        <Link className="button button-primary" to="/render/new">
          New render
        </Link>
      </PageHeader>
      <ErrorNotice error={account.error ?? usage.error} />
      <div className="grid-2">
        <section className="card" aria-labelledby="usage-heading">
          <h2 id="usage-heading">Renders this month</h2>
          {usage.data ? (
            <>
              <p className="meter-figure">
                <strong>{usage.data.renders_used}</strong> of {usage.data.renders_limit} used
              </p>
              <ProgressBar
                value={usage.data.renders_limit ? usage.data.renders_used / usage.data.renders_limit : 0}
                label="Monthly quota used"
              />
              <p className="hint">
                {usage.data.renders_remaining} left · the count starts again <RelativeTime iso={usage.data.period_end} /> (
                {formatDateTime(usage.data.period_end)})
              </p>
            </>
          ) : (
            <Loading what="Loading usage" />
          )}
        </section>
        <section className="card" aria-labelledby="limits-heading" id="plan" ref={planSection}>
          <h2 id="limits-heading">
            Your plan{account.data ? <span className={`tier tier-${account.data.tier}`}>{account.data.tier}</span> : null}
          </h2>
          {limits ? (
            <dl className="facts">
              <dt>Longest video</dt>
              <dd>{limits.max_duration_seconds} s</dd>
              <dt>Resolutions</dt>
              <dd>{limits.resolutions.join(', ')}</dd>
              <dt>API requests</dt>
              <dd>{limits.requests_per_minute} a minute</dd>
              <dt>Renders at once</dt>
              <dd>{limits.concurrent_jobs}</dd>
            </dl>
          ) : (
            <Loading what="Loading your plan" />
          )}
          {plans && account.data ? (
            <>
              <h3 className="plans-heading">Plans</h3>
              <div className="table-wrap">
                <table className="plans-table">
                  <thead>
                    <tr>
                      <th scope="col">Plan</th>
                      <th scope="col">Renders a month</th>
                      <th scope="col">Longest video</th>
                      <th scope="col">Resolutions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {plans.map((plan) => (
                      <tr key={plan.tier} aria-current={plan.tier === account.data.tier ? 'true' : undefined}>
                        <th scope="row">
                          {plan.name}
                          {plan.tier === account.data.tier ? <span className="hint"> (yours)</span> : null}
                        </th>
                        <td>{plan.limits.renders_per_month}</td>
                        <td>{plan.limits.max_duration_seconds} s</td>
                        <td>{plan.limits.resolutions.join(', ')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <p className="hint">
                Previews play up to the largest plan’s limits on every plan. To change plan, ask whoever runs this service: plans are set by
                its operator (there is no payment page).
              </p>
            </>
          ) : null}
        </section>
      </div>
      <section className="card" aria-labelledby="recent-heading">
        <div className="card-header">
          <h2 id="recent-heading">Latest renders</h2>
          <Link to="/renders">All renders</Link>
        </div>
        <ErrorNotice error={recent.error} />
        {recent.data && recent.data.data.length === 0 ? (
          <EmptyState>
            No renders yet. <Link to="/render/new">Compose your first video</Link>: it previews for free before it counts.
          </EmptyState>
        ) : null}
        {recent.data && recent.data.data.length > 0 ? (
          <ul className="job-list">
            {recent.data.data.map((job) => (
              <li key={job.job_id}>
                <Link to={`/renders/${job.job_id}`}>{jobTitle(job)}</Link>
                <span className="hint">{hasTitle(job) ? `${modeLabel(job)} · ${routeSummary(job)}` : modeLabel(job)}</span>
                <StatusBadge status={job.status} />
                <span className="hint">
                  <RelativeTime iso={job.created_at} />
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </>
  );
}
