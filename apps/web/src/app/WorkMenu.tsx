import type { Permission } from '@smart-zone/types/roles';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { NavLink, matchPath, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { type Access, mayUse } from '../lib/auth/get-me';

/** The team's own pages (none of them the product's): each offered to the roles that may open it (roles.ts). */
export const WORK_PAGES: readonly { label: string; path: string; permission: Permission }[] = [
  { label: 'Today', path: paths.today.href(), permission: 'readStock' },
  { label: 'Dashboard', path: paths.dashboard.href(), permission: 'readStock' },
  { label: 'Deliveries', path: paths.deliveries.href(), permission: 'readDeliveries' },
  { label: 'Alerts', path: paths.alerts.href(), permission: 'readStock' },
  { label: 'Reorder list', path: paths.reorderList.href(), permission: 'readStock' },
  { label: 'Import CSV', path: paths.importItems.href(), permission: 'manageItems' },
  { label: 'Counts', path: paths.counts.list.href(), permission: 'countStock' },
  { label: 'Locations', path: paths.locations.href(), permission: 'readStock' },
  { label: 'Audit', path: paths.audit.href(), permission: 'readOwnAudit' },
  { label: 'Team', path: paths.team.href(), permission: 'manageTeam' },
];

/** The pages of the Work menu `access` may open (none for anyone who is not on the team). */
export const workPagesOf = (access: Access) => WORK_PAGES.filter((page) => mayUse(access, page.permission));

/**
 * The navbar's Work menu: a disclosure button opening the list of the team's pages, beside the product's own
 * links (which stay where the spec has them). Escape closes it and puts the focus back on the button; so do a
 * click outside and going to another page. Inside the phone's folded menu the list opens in place.
 */
export function WorkMenu({ access }: { access: Access }) {
  const { pathname } = useLocation();
  // The page it was opened on: it is open only there, so going to another page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const button = useRef<HTMLButtonElement>(null);
  const area = useRef<HTMLLIElement>(null);
  const listId = useId();
  const pages = workPagesOf(access);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!area.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  if (!pages.length) return null;
  const here = pages.some((page) => matchPath({ path: page.path, end: false }, pathname));

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    setOpenOn(null);
    button.current?.focus();
  };

  return (
    <li className="nav-item dropdown work-menu" ref={area} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className={`nav-link dropdown-toggle text-nowrap${here ? ' active' : ''}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        Work
      </button>
      <ul id={listId} className={`dropdown-menu dropdown-menu-dark${open ? ' show' : ''}`} hidden={!open}>
        {pages.map((page) => (
          <li key={page.path}>
            <NavLink className="dropdown-item" to={page.path} end onClick={() => setOpenOn(null)}>
              {page.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
