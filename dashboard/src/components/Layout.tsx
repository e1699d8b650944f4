import { useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useLiveUpdates } from '../api/live-updates';
import { useAccount } from '../api/queries';
import { useSession } from '../auth';
import { RateLimitBanner } from './RateLimitBanner';
import { VerificationBanner } from './VerificationBanner';

const NAVIGATION = [
  { to: '/', label: 'Overview', end: true },
  { to: '/render/new', label: 'New render' },
  { to: '/renders', label: 'Renders' },
  { to: '/batches', label: 'Batches' },
  { to: '/templates', label: 'Templates' },
  { to: '/keys', label: 'API keys' },
  { to: '/webhooks', label: 'Webhooks' },
];

/** The frame of every page once logged in: navigation (a menu at phone width), the account, the page. */
export function Layout() {
  const { session, logOut } = useSession();
  const account = useAccount();
  // Every page learns of a render or batch ending from one long-poll, not from polling its lists.
  useLiveUpdates();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const [menuFor, setMenuFor] = useState(location.pathname);
  // Close the phone menu once the user has gone somewhere.
  if (menuFor !== location.pathname) {
    setMenuFor(location.pathname);
    setMenuOpen(false);
  }

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link to="/" className="brand" aria-label="mapr, overview">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>mapr</span>
        </Link>
        <button
          type="button"
          className="menu-toggle button button-secondary"
          aria-expanded={menuOpen}
          aria-controls="main-navigation"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <nav id="main-navigation" className={menuOpen ? 'navigation open' : 'navigation'} aria-label="Main">
          <ul>
            {NAVIGATION.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="account-box">
            <span className="account-email" title={session?.user.email}>
              {session?.user.email}
            </span>
            {account.data ? <span className={`tier tier-${account.data.tier}`}>{account.data.tier}</span> : null}
            <button type="button" className="button button-link" onClick={() => logOut()}>
              Log out
            </button>
          </div>
        </nav>
      </header>
      <main id="main" className="content" tabIndex={-1}>
        <RateLimitBanner />
        {account.data && !account.data.emailVerified ? <VerificationBanner email={account.data.email} /> : null}
        <Outlet />
      </main>
    </div>
  );
}
