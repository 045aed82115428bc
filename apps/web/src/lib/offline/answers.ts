import { type Query, type QueryClient, dehydrate, hydrate } from '@tanstack/react-query';
import { offlineDb } from './db';

/** How long kept answers may be shown: older ones are dropped when read. */
const KEPT_FOR_MS = 7 * 24 * 60 * 60 * 1000;
/** The most answers kept (an item's page keeps 3–4): the newest win. */
const MAX_KEPT = 400;
/** Saving waits this long after a change, so a burst of answers is one write. */
const SAVE_AFTER_MS = 1_000;

/**
 * The answers worth having with no network (issue 37): who one is and may do, an item (with its stock by
 * location and default location), the lists' first pages, one's own deliveries, the counts one works in.
 */
export function isKept(query: Query): boolean {
  if (query.state.status !== 'success' || query.state.data === undefined) return false;
  const [root, kind, arg] = query.queryKey as [string, string?, unknown?];
  if (root === 'me') return true;
  if (root === 'items') {
    if (kind === 'detail') return !(query.queryKey as unknown[]).some((part) => part === 'audit' || part === 'history');
    return kind === 'list' && !(arg as { skip?: number } | undefined)?.skip;
  }
  if (root === 'deliveries') return kind === 'mine';
  if (root === 'counts') return kind === 'one' || kind === 'list';
  return false;
}

/**
 * Keeps the signed-in person's answers in this browser: the ones kept before are put back (a page opened offline
 * shows them, marked with their age), and each new answer is saved. Stops when the returned function is called.
 */
export function keepAnswers(queryClient: QueryClient, uid: string): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = async () => {
    timer = undefined;
    if (stopped) return;
    const state = dehydrate(queryClient, { shouldDehydrateQuery: isKept, shouldDehydrateMutation: () => false });
    const db = await offlineDb();
    // Added to what was kept before (pages opened in an earlier visit, or forgotten by the cache since): the
    // newest answer of each query, at most MAX_KEPT of them.
    const before = await db.get('answers', uid);
    const now = new Set(state.queries.map((query) => query.queryHash));
    const older = (before?.state.queries ?? []).filter((query) => !now.has(query.queryHash));
    const queries = [...state.queries, ...older]
      .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
      .slice(0, MAX_KEPT);
    await db.put('answers', { uid, savedAt: Date.now(), state: { ...state, queries } });
  };
  void (async () => {
    const kept = await (await offlineDb()).get('answers', uid).catch(() => undefined);
    // hydrate keeps whatever is newer in the cache already.
    if (!stopped && kept && Date.now() - kept.savedAt < KEPT_FOR_MS) hydrate(queryClient, kept.state);
  })();
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isKept(event.query as Query)) return;
    timer ??= setTimeout(() => void save().catch(() => undefined), SAVE_AFTER_MS);
  });
  // Leaving the page (a reload, a typed address, the tab closed) saves what waited.
  const leaving = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    void save().catch(() => undefined);
  };
  addEventListener('pagehide', leaving);
  return () => {
    stopped = true;
    clearTimeout(timer);
    removeEventListener('pagehide', leaving);
    unsubscribe();
  };
}

/** Forgets every kept answer in this browser (signing out: what one saw is not left for the next person). */
export async function forgetAnswers() {
  await (await offlineDb()).clear('answers');
}
