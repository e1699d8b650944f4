import { type MouseEvent, type Ref } from 'react';
import { Link } from 'react-router';
import { MaprError } from '@mapr/sdk';
import { fieldDomId } from './Field';

/** One line of the summary: the field it is about (the API's name), its sentence, and the plan that lifts it. */
export interface SummaryItem {
  field?: string;
  message: string;
  liftedBy?: { name: string };
}

/**
 * The control for an API field name: its own (`fieldDomId`), else one inside it (`waypoints[1]` → that waypoint's place),
 * else the nearest enclosing field's (`multi_route.routes[0].place` → the mode's settings).
 */
export function controlFor(field: string, root: ParentNode = document): HTMLElement | null {
  let name = field;
  for (;;) {
    const id = fieldDomId(name);
    const found = root.querySelector<HTMLElement>(`#${CSS.escape(id)}`) ?? root.querySelector<HTMLElement>(`[id^="${id}-"]`);
    if (found) return found;
    const parent = name.replace(/(\.[^.[\]]*|\[\d+\])$/, '');
    if (parent === name || parent === '') return null;
    name = parent;
  }
}

/** Brings a control into view and gives it focus, opening any collapsed section (`<details>`) around it first. */
export function focusControl(control: HTMLElement): void {
  for (let details = control.closest('details'); details; details = details.parentElement?.closest('details') ?? null) details.open = true;
  control.focus({ preventScroll: true });
  control.scrollIntoView({ block: 'center' });
}

/**
 * What stopped the form, at its top (the GOV.UK error summary pattern): a heading, one line per problem, each linking to
 * its field, and the plan that lifts a limit linked to where plans are shown. `role="alert"` has it read out when it
 * appears; the page moves focus to the first invalid field (or here, when no field is at fault).
 */
export function ErrorSummary({
  title,
  items,
  error,
  plansHref,
  summaryRef,
}: {
  title: string;
  items: SummaryItem[];
  /** The API's error, for its code and request id (quoted to support). */
  error?: unknown;
  /** Where plans and the way to change them are shown. */
  plansHref: string;
  summaryRef?: Ref<HTMLDivElement>;
}) {
  const api = error instanceof MaprError ? error : null;
  const follow = (field: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    const control = controlFor(field);
    if (!control) return;
    event.preventDefault();
    focusControl(control);
  };
  return (
    <div className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1} ref={summaryRef}>
      <h2 className="error-summary-title" id="error-summary-title">
        {title}
      </h2>
      <ul className="error-summary-list">
        {items.map((item, i) => (
          <li key={`${item.field ?? ''}:${i}`}>
            {item.field ? (
              <a href={`#${fieldDomId(item.field)}`} onClick={follow(item.field)}>
                {item.message}
              </a>
            ) : (
              item.message
            )}
            {item.liftedBy ? (
              <>
                {' '}
                <Link className="error-summary-upgrade" to={plansHref}>
                  See the {item.liftedBy.name} plan
                </Link>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {api ? (
        <p className="notice-meta">
          <code>{api.error_code}</code>
          {api.request_id ? <> · request {api.request_id}</> : null}
        </p>
      ) : null}
    </div>
  );
}
