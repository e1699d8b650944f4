import { type ReactNode, useEffect } from 'react';

/** A page's heading (and the tab's title), with its main actions beside it. */
export function PageHeader({ title, children, lead }: { title: string; children?: ReactNode; lead?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · mapr`;
  }, [title]);
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        {lead ? <p className="lead">{lead}</p> : null}
      </div>
      {children ? <div className="page-actions">{children}</div> : null}
    </header>
  );
}

export function Loading({ what = 'Loading' }: { what?: string }) {
  return (
    <p className="loading" role="status">
      {what}…
    </p>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="empty">{children}</div>;
}
