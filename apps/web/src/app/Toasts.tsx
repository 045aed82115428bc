import 'react-toastify/dist/ReactToastify.css';
import './toasts.css';
import { SPEC_LIMITS } from '@smart-zone/types/spec-texts';
import { useEffect } from 'react';
import { ToastContainer } from 'react-toastify';

/**
 * Keeps the navbar's height in `--app-header-height` (toasts.css puts the toasts under it): it changes with the
 * width, who is signed in (the staff's search line) and the phone's menu opening.
 */
function useHeaderHeight() {
  useEffect(() => {
    const navbar = document.querySelector('.navbar');
    if (!navbar || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--app-header-height', `${Math.ceil(navbar.getBoundingClientRect().height)}px`),
    );
    observer.observe(navbar);
    return () => observer.disconnect();
  }, []);
}

/** Where toasts appear: top right, below the navbar; loaded with the first toast (lib/toast.ts). */
export function Toasts() {
  useHeaderHeight();
  return <ToastContainer position="top-right" autoClose={SPEC_LIMITS.toastAutoCloseMs} />;
}
