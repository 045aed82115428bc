/**
 * The service worker (vite.config.ts `installableApp`): registered once the first page has loaded and the
 * browser is idle, so none of its work (fetching the shell to precache it) competes with the first visit.
 * Only a build has one; a browser without service workers, or one that refuses (a private window), goes on
 * as before, online only.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('This browser refused the service worker: the app works online only here.', error);
    });
  };
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(register, { timeout: 5000 });
    else setTimeout(register, 1000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
