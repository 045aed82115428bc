import type { Permission } from '@smart-zone/types/roles';
import { type ComponentType, type ReactNode, Suspense, lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { TextPageSkeleton } from '../components/Skeleton';
import { paths } from '../config/paths';
import { ALERTS_PAGE_SIZE, AlertListSkeleton } from '../features/alerts/components/skeletons';
import { AuthCardSkeleton } from '../features/auth/components/AuthCardSkeleton';
import { AuditPageSkeleton } from '../features/audit/components/skeletons';
import { DeliveriesPageSkeleton, DeliverySkeleton, MyItemsSkeleton } from '../features/deliveries/components/skeletons';
import { getMyDeliveriesQueryOptions } from '../features/deliveries/api/get-my-deliveries';
import { getItemQueryOptions } from '../features/inventory/api/get-item';
import { getItemsQueryOptions, itemsPageQuery } from '../features/inventory/api/get-items';
import { Home } from '../features/inventory/components/Home';
import {
  ITEM_SORT_OPTIONS,
  MANAGE_SORT_OPTIONS,
  STOCK_FILTER_OPTIONS,
} from '../features/inventory/components/item-sorts';
import {
  AddItemSkeleton,
  InventoryPageSkeleton,
  ItemDetailSkeleton,
  ManagePageSkeleton,
} from '../features/inventory/components/skeletons';
import {
  INVENTORY_DEFAULT_SORT,
  INVENTORY_PAGE_SIZE,
  MANAGE_DEFAULT_SORT,
  MANAGE_PAGE_SIZE,
} from '../features/inventory/page-sizes';
import { readLocationFilter } from '../features/inventory/location-filter';
import { readAccessClaims } from '../lib/auth/access-claims';
import { getMeQueryOptions } from '../lib/auth/get-me';
import { readListParams } from '../lib/use-list-params';
import type { createServices } from './services';
import { Layout } from './Layout';
import { NotFound } from './NotFound';
import { MatchedSkeleton, type PageHandle, type PrefetchContext } from './MatchedSkeleton';
import { RouteError } from './RouteError';
import { TeamPageSkeleton } from '../features/team/components/skeletons';

/** Each lazy page's loader, by the element that shows it (see preloadPages). */
const loaders = new Map<unknown, () => Promise<unknown>>();

/**
 * A page loaded when its route is first visited: every page but Home (the
 * first visit's) is a chunk of its own. Until it is there, `skeleton` (the
 * page's grey shapes, in the first download) holds its room; the guard shows
 * the same while it checks who is signed in (MatchedSkeleton).
 */
function page<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  skeleton: ReactNode,
  prefetch?: PageHandle['prefetch'],
): Pick<RouteObject, 'element' | 'handle'> {
  const Page = lazy<ComponentType>(async () => ({ default: (await load())[name] }));
  const element = (
    <Suspense fallback={skeleton}>
      <Page />
    </Suspense>
  );
  loaders.set(element, load);
  return { element, handle: { skeleton, prefetch } satisfies PageHandle };
}

/**
 * A page of items as the address asks for it (PagedItems asks the same); none when the address names a
 * location (`locationFilter`: the page lists what that location holds instead).
 */
const itemsPage =
  (pageSize: number, defaultSort: string, sorts = ITEM_SORT_OPTIONS, stockFilter = false, locationFilter = false) =>
  ({ queryClient, api, search }: PrefetchContext) => {
    if (locationFilter && readLocationFilter(search.get('location'), search.get('deep'))) return;
    const asked = search.get('stock');
    const stock = stockFilter ? STOCK_FILTER_OPTIONS.find((option) => option.value === asked)?.value : undefined;
    void queryClient.prefetchQuery(
      getItemsQueryOptions(api, itemsPageQuery({ ...readListParams(search, sorts, defaultSort), stock }, pageSize)),
    );
  };

const itemOfAddress = ({ queryClient, api, params }: PrefetchContext) =>
  void queryClient.prefetchQuery(getItemQueryOptions(api, params.inventoryId ?? ''));

/** Whether the API counts the stored token's holder as staff (the guard waits for it). */
const me = ({ queryClient, api, claims }: PrefetchContext) => {
  if (claims) void queryClient.prefetchQuery(getMeQueryOptions(api, claims.uid));
};

/** A protected page asks for its data only for someone the guard may let in. */
const signedIn =
  (prefetch: (context: PrefetchContext) => void) =>
  (context: PrefetchContext): void => {
    if (context.claims) prefetch(context);
  };

/** A protected page only a role with `permission` may open (RequireAuth reads it from the handle). */
const needs = (permission: Permission, route: Pick<RouteObject, 'element' | 'handle'>) => ({
  ...route,
  handle: { ...(route.handle as PageHandle), permission } satisfies PageHandle,
});

const textPage = <TextPageSkeleton label="Loading the page..." />;

/**
 * The product's routes (docs/requirements.md). React Router matches paths
 * case-insensitively, so the home button's /manageinventories lands on
 * /manageInventories; the requirements' duplicate /inventory/{Id} is the
 * same pattern as the detail route.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    // A page that throws is shown inside the layout; the layout itself failing has this bare one.
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: paths.root.path, element: <Home /> },
          { path: paths.home.path, element: <Home /> },
          {
            path: paths.inventory.list.path,
            ...page(
              () => import('../features/inventory/components/InventoryList'),
              'InventoryList',
              <InventoryPageSkeleton />,
              itemsPage(INVENTORY_PAGE_SIZE, INVENTORY_DEFAULT_SORT),
            ),
          },
          {
            path: paths.inventory.detail.path,
            ...page(
              () => import('../features/inventory/components/InventoryDetail'),
              'InventoryDetail',
              <ItemDetailSkeleton />,
              itemOfAddress,
            ),
          },
          { path: paths.blogs.path, ...page(() => import('../features/blogs/Blogs'), 'Blogs', textPage) },
          {
            path: paths.delivery.path,
            ...page(
              () => import('../features/deliveries/components/DeliveryPage'),
              'DeliveryPage',
              <DeliverySkeleton />,
              (context) => {
                itemOfAddress(context);
                me(context);
              },
            ),
          },
          { path: paths.about.path, ...page(() => import('../features/about/About'), 'About', textPage) },
          { path: paths.aboutUs.path, ...page(() => import('../features/about/AboutUs'), 'AboutUs', textPage) },
          {
            ...page(() => import('./RequireAuth'), 'RequireAuth', <MatchedSkeleton />, me),
            children: [
              {
                path: paths.manageInventories.path,
                ...needs(
                  'readStock',
                  page(
                    () => import('../features/inventory/components/ManageInventories'),
                    'ManageInventories',
                    <ManagePageSkeleton />,
                    signedIn(itemsPage(MANAGE_PAGE_SIZE, MANAGE_DEFAULT_SORT, MANAGE_SORT_OPTIONS, true, true)),
                  ),
                ),
              },
              {
                path: paths.reorderList.path,
                ...needs(
                  'readStock',
                  page(
                    () => import('../features/inventory/components/ReorderList'),
                    'ReorderList',
                    <ManagePageSkeleton />,
                  ),
                ),
              },
              {
                path: paths.importItems.path,
                ...needs(
                  'manageItems',
                  page(() => import('../features/inventory/components/ImportPage'), 'ImportPage', textPage),
                ),
              },
              {
                path: paths.today.path,
                ...needs(
                  'readStock',
                  page(() => import('./today/TodayPage'), 'TodayPage', textPage),
                ),
              },
              {
                path: paths.dashboard.path,
                ...needs(
                  'readStock',
                  page(
                    () => import('../features/dashboard/components/DashboardPage'),
                    'DashboardPage',
                    // Its own skeleton comes with its code: the first visit to / stays within its budget.
                    textPage,
                  ),
                ),
              },
              {
                path: paths.scan.path,
                ...needs(
                  'readStock',
                  // The camera's reader (a worker and its wasm) loads with this page only, when it opens.
                  page(() => import('../features/inventory/scan/ScanPage'), 'ScanPage', textPage),
                ),
              },
              {
                path: paths.locations.path,
                ...needs(
                  'readStock',
                  page(() => import('../features/locations/components/LocationsPage'), 'LocationsPage', textPage),
                ),
              },
              {
                path: paths.counts.list.path,
                ...needs(
                  'countStock',
                  page(() => import('../features/counts/components/CountsPage'), 'CountsPage', textPage),
                ),
              },
              {
                path: paths.counts.count.path,
                ...needs(
                  'countStock',
                  // The camera's reader loads with the Scan button, not with the page.
                  page(() => import('../features/counts/components/CountScreen'), 'CountScreen', textPage),
                ),
              },
              {
                path: paths.counts.review.path,
                ...needs(
                  'manageCounts',
                  page(() => import('../features/counts/components/CountReview'), 'CountReview', textPage),
                ),
              },
              {
                path: paths.alerts.path,
                ...needs(
                  'readStock',
                  page(
                    () => import('../features/alerts/components/AlertsPage'),
                    'AlertsPage',
                    <AlertListSkeleton rows={ALERTS_PAGE_SIZE} />,
                  ),
                ),
              },
              {
                path: paths.addNewItem.path,
                ...needs(
                  'manageItems',
                  page(() => import('../features/inventory/components/AddNewItem'), 'AddNewItem', <AddItemSkeleton />),
                ),
              },
              {
                path: paths.deliveries.path,
                ...needs(
                  'readDeliveries',
                  page(
                    () => import('../features/deliveries/components/AllDeliveries'),
                    'AllDeliveries',
                    <DeliveriesPageSkeleton />,
                  ),
                ),
              },
              {
                path: paths.audit.path,
                ...needs(
                  'readOwnAudit',
                  page(() => import('../features/audit/components/AuditPage'), 'AuditPage', <AuditPageSkeleton />),
                ),
              },
              {
                path: paths.team.path,
                ...needs(
                  'manageTeam',
                  page(() => import('../features/team/components/TeamPage'), 'TeamPage', <TeamPageSkeleton />),
                ),
              },
              {
                path: paths.myItem.path,
                ...page(
                  () => import('../features/deliveries/components/MyItems'),
                  'MyItems',
                  <MyItemsSkeleton />,
                  signedIn(({ queryClient, api, claims }) => {
                    void queryClient.prefetchQuery(getMyDeliveriesQueryOptions(api, { email: claims!.email }));
                  }),
                ),
              },
            ],
          },
          {
            path: paths.login.path,
            ...page(() => import('../features/auth/components/Login'), 'Login', <AuthCardSkeleton fields={2} />),
          },
          {
            path: paths.signUp.path,
            ...page(
              () => import('../features/auth/components/SignUp'),
              'SignUp',
              <AuthCardSkeleton fields={3} terms />,
            ),
          },
          { path: paths.notFound.path, element: <NotFound /> },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

/**
 * Starts fetching the chunks of the router's current pages now, while the app's first render runs (the router's own
 * matches: matching the routes again costs a slow phone's main thread ~35 ms).
 */
export function preloadPages(router: ReturnType<typeof createBrowserRouter>) {
  for (const { route } of router.state.matches) {
    void loaders
      .get(route.element)?.()
      .catch(() => undefined);
  }
}

/**
 * Starts the first page's data requests now, beside its chunks (preloadPages),
 * instead of once its code has loaded and rendered. A protected page's only
 * for the verified holder of the stored accessToken, whose token they carry:
 * the guard still shows nothing of the page before the API has answered /me.
 */
export function prefetchPage(
  router: ReturnType<typeof createBrowserRouter>,
  { queryClient, api, access }: ReturnType<typeof createServices>,
) {
  const { matches, location } = router.state;
  const search = new URLSearchParams(location.search);
  const stored = readAccessClaims(access.current());
  const claims = stored?.verified ? stored : null;
  for (const { route, params } of matches) {
    (route.handle as PageHandle | undefined)?.prefetch?.({ queryClient, api, params, search, claims });
  }
}
