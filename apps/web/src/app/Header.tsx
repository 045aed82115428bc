import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import { useMutation } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { useAuth } from '../lib/auth/auth-context';
import { mayUse, offers, useAccess } from '../lib/auth/get-me';
import { useLiveReconnecting } from '../lib/live/live-status';
import { askToSignOut } from '../lib/offline/sign-out';
import { useOnline } from '../lib/online';
import './header.css';

const NAV = SPEC_TEXTS.nav;

// Loaded once someone is signed in: a visitor's first page carries neither it nor the access check it needs.
const AlertsBell = lazy(async () => ({
  default: (await import('../features/alerts/components/AlertsBell')).AlertsBell,
}));
// The signed-in person's name form: loaded when they open it from their name.
const AccountDialog = lazy(async () => ({ default: (await import('./AccountDialog')).AccountDialog }));
// Staff's search and scanner watch: signed-in pages only, so a visitor's first page does not carry it.
const HeaderSearch = lazy(async () => ({ default: (await import('./HeaderSearch')).HeaderSearch }));
// The team's pages, grouped under Work: signed-in pages only, like the bell.
const WorkMenu = lazy(async () => ({ default: (await import('./WorkMenu')).WorkMenu }));

function Link({ to, children }: { to: string; children: string }) {
  return (
    <li className="nav-item">
      <NavLink className="nav-link text-nowrap" to={to} end>
        {children}
      </NavLink>
    </li>
  );
}

/**
 * Said politely, in every tab: that the browser has no network at all, or that its live stream is down for more
 * than a moment.
 */
function LiveStatus() {
  const reconnecting = useLiveReconnecting();
  const online = useOnline();
  const said = !online ? 'Offline' : reconnecting ? 'Reconnecting…' : '';
  // Its own room beside the links only while it says something.
  return (
    <span role="status" className={`navbar-text small text-warning text-nowrap py-0${said ? ' me-2' : ''}`}>
      {said}
    </span>
  );
}

/**
 * Who is signed in, at every width (beside the bell, outside the folded menu): their name and, for a member, their
 * role. A member who may name themselves opens their account from it (the role describes the button, so the
 * button is called by the name alone).
 */
function SignedInAs({ name, role, onOpen }: { name: string; role?: string; onOpen?: () => void }) {
  const roleText = role && (
    <span
      id="signed-in-role"
      className="d-block small text-white-50 text-capitalize text-truncate"
      aria-hidden={onOpen ? true : undefined}
    >
      {role}
    </span>
  );
  return (
    <div className="navbar-account ms-auto ms-xl-2 order-xl-last" data-testid="signed-in-as">
      {onOpen ? (
        <button
          type="button"
          className="btn btn-link link-light text-start text-decoration-none p-0 mw-100"
          aria-haspopup="dialog"
          aria-describedby={role ? 'signed-in-role' : undefined}
          title="Your name and account"
          onClick={onOpen}
        >
          <span className="d-block text-truncate">{name}</span>
          {roleText}
        </button>
      ) : (
        <span className="navbar-text text-light d-flex flex-column justify-content-center py-0">
          <span className="d-block text-truncate">{name}</span>
          {roleText}
        </span>
      )}
    </div>
  );
}

/**
 * Bootstrap's dark navbar; below the xl breakpoint the links fold behind the
 * Menu button. The product's links stay where the spec has them; the team's
 * own pages are one Work menu (WorkMenu). The signed-in name and role show
 * at every width, beside the bell.
 */
export function Header() {
  const { user, loading, returning, signOut } = useAuth();
  const access = useAccess();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  // The account dialog: mounted once first opened (`undefined` until then), so its code loads only then.
  const [account, setAccount] = useState<boolean>();
  const signingOut = useMutation({
    mutationFn: signOut,
    // Signing out needs no network: offline it is not paused.
    networkMode: 'always',
    onSuccess: () => navigate(paths.root.href()),
  });
  // A chosen link closes the menu (on a phone it would cover the page).
  useEffect(() => setOpen(false), [pathname]);
  // Who is signed in: the name they set (or their account's, as the API has it), else the account's, else the email.
  const ownName = access.status === 'member' || access.status === 'not-member' ? access.name : undefined;
  const signedInAs = ownName || user?.displayName || user?.email;
  // Today holds the search in its page (HeaderSearch there): the header's would be a second one.
  const onToday = pathname.toLowerCase() === paths.today.href().toLowerCase();

  return (
    <nav className="navbar navbar-expand-xl navbar-dark bg-dark sticky-top">
      <div className="container flex-xl-wrap">
        <NavLink className="navbar-brand fw-bold" to={paths.root.href()}>
          {SPEC_TEXTS.brand}
        </NavLink>
        <LiveStatus />
        {/* Who is signed in and staff's bell: beside the menu button on a phone, so they show with the menu
            closed; last on a wide screen. */}
        {user && !loading && signedInAs && (
          <SignedInAs
            name={signedInAs}
            role={access.status === 'member' ? access.role : undefined}
            onOpen={access.status === 'member' && mayUse(access, 'nameOneself') ? () => setAccount(true) : undefined}
          />
        )}
        {user && (
          <Suspense fallback={null}>
            <AlertsBell className="ms-2 me-2 me-xl-0 order-xl-last" />
          </Suspense>
        )}
        <button
          type="button"
          className={`navbar-toggler${open ? '' : ' collapsed'}`}
          aria-controls="main-nav"
          aria-expanded={open}
          aria-label="Menu"
          onClick={() => setOpen((was) => !was)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        {/* On its own line under the brand (a phone's thumb reaches it without the menu); right-aligned on a desk
            (the container wraps at xl too, so this line goes under the links instead of squeezing them). */}
        {/* Its room is kept from the start for staff (and whoever comes back signed in, until the API says who
            they are): the page under it does not move down when it comes. */}
        {!onToday && (user ? access.status === 'checking' || mayUse(access, 'readStock') : returning) && (
          <div className="order-last w-100 d-flex justify-content-end pt-2">
            <Suspense fallback={<div className="header-search-room" />}>
              {mayUse(access, 'readStock') ? <HeaderSearch /> : <div className="header-search-room" />}
            </Suspense>
          </div>
        )}
        <div className={`navbar-collapse collapse${open ? ' show' : ''}`} id="main-nav">
          <ul className="navbar-nav me-auto">
            <Link to={paths.home.href()}>{NAV.home}</Link>
            <Link to={paths.inventory.list.href()}>{NAV.inventory}</Link>
            <Link to={paths.blogs.href()}>{NAV.blogs}</Link>
            <Link to={paths.about.href()}>{NAV.about}</Link>
            {/* The product's signed-in links, as roles.ts gives them; then the team's own pages, under Work. */}
            {user && (
              <>
                {offers(access, 'readStock') && (
                  <Link to={paths.manageInventories.href()}>{NAV.manageInventories}</Link>
                )}
                {offers(access, 'manageItems') && <Link to={paths.addNewItem.href()}>{NAV.addNewItem}</Link>}
                {offers(access) && <Link to={paths.myItem.href()}>{NAV.myItem}</Link>}
                <Suspense fallback={null}>
                  <WorkMenu access={access} />
                </Suspense>
              </>
            )}
          </ul>
          <ul className="navbar-nav align-items-xl-center gap-xl-2">
            {loading ? null : user ? (
              <li className="nav-item">
                <button
                  type="button"
                  className="btn btn-outline-light btn-sm text-nowrap"
                  onClick={() => askToSignOut(() => signingOut.mutate())}
                >
                  Sign out
                </button>
              </li>
            ) : (
              <>
                <Link to={paths.login.href()}>{NAV.signIn}</Link>
                <Link to={paths.signUp.href()}>{NAV.signUp}</Link>
              </>
            )}
          </ul>
        </div>
      </div>
      {access.status === 'member' && account !== undefined && (
        <Suspense fallback={null}>
          <AccountDialog show={account} email={access.email} role={access.role} onClose={() => setAccount(false)} />
        </Suspense>
      )}
    </nav>
  );
}
