import type { LiveEvent } from '@smart-zone/types/live';
import { env } from '../config/env';
import { createLiveStats } from '../features/dashboard/api/live-stats';
import { createLiveItemsCache } from '../features/inventory/api/live-cache';
import { connectLive } from '../lib/live/live-connection';
import { setLiveReconnecting } from '../lib/live/live-status';
import { ALERTS_QUERY_KEY } from '../lib/query-client';
import type { createServices } from './services';

/**
 * Loaded once the page has loaded (App): the browser's live stream into this
 * tab's cache. Alerts are staff's: the bell's queries exist only for them,
 * so invalidating them asks again only where someone signed in sees them;
 * the dashboard's figures likewise, throttled (any event may move them).
 */
export function startLiveUpdates({ queryClient, api }: ReturnType<typeof createServices>) {
  const items = createLiveItemsCache(queryClient, api);
  const stats = createLiveStats(queryClient, api);
  const onEvent = (event: LiveEvent) => {
    stats.changed();
    if (event.type !== 'alert') items.apply(event);
    if (event.type === 'alert' || event.type === 'reset')
      void queryClient.invalidateQueries({ queryKey: ALERTS_QUERY_KEY });
  };
  const stop = connectLive(`${env.apiBase}/events`, { onEvent, onReconnecting: setLiveReconnecting });
  // What the page loaded before it listened may have changed since: asked again once, as after a reset.
  onEvent({ type: 'reset' });
  // Tests (and anyone curious) can see that this tab listens.
  document.documentElement.dataset.live = 'on';
  return () => {
    delete document.documentElement.dataset.live;
    stop();
    items.stop();
    stats.stop();
    setLiveReconnecting(false);
  };
}
