import { type ComponentType, type ReactNode, Suspense, lazy } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { TextPageSkeleton } from '../components/Skeleton';
import { paths } from '../config/paths';
import { AuthCardSkeleton } from '../features/auth/components/AuthCardSkeleton';
import { DeliverySkeleton, MyItemsSkeleton } from '../features/deliveries/components/skeletons';
import { Home } from '../features/inventory/components/Home';
import {
  AddItemSkeleton,
  InventoryPageSkeleton,
  ItemDetailSkeleton,
  ManagePageSkeleton,
} from '../features/inventory/components/skeletons';
import { Layout } from './Layout';
import { NotFound } from './NotFound';
import { MatchedSkeleton, type PageHandle } from './MatchedSkeleton';
import { RouteError } from './RouteError';

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
): Pick<RouteObject, 'element' | 'handle'> {
  const Page = lazy<ComponentType>(async () => ({ default: (await load())[name] }));
  const element = (
    <Suspense fallback={skeleton}>
      <Page />
    </Suspense>
  );
  loaders.set(element, load);
  return { element, handle: { skeleton } satisfies PageHandle };
}

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
            ),
          },
          {
            path: paths.inventory.detail.path,
            ...page(
              () => import('../features/inventory/components/InventoryDetail'),
              'InventoryDetail',
              <ItemDetailSkeleton />,
            ),
          },
          { path: paths.blogs.path, ...page(() => import('../features/blogs/Blogs'), 'Blogs', textPage) },
          {
            path: paths.delivery.path,
            ...page(
              () => import('../features/deliveries/components/DeliveryPage'),
              'DeliveryPage',
              <DeliverySkeleton />,
            ),
          },
          { path: paths.about.path, ...page(() => import('../features/about/About'), 'About', textPage) },
          { path: paths.aboutUs.path, ...page(() => import('../features/about/AboutUs'), 'AboutUs', textPage) },
          {
            ...page(() => import('./RequireAuth'), 'RequireAuth', <MatchedSkeleton />),
            children: [
              {
                path: paths.manageInventories.path,
                ...page(
                  () => import('../features/inventory/components/ManageInventories'),
                  'ManageInventories',
                  <ManagePageSkeleton />,
                ),
              },
              {
                path: paths.addNewItem.path,
                ...page(() => import('../features/inventory/components/AddNewItem'), 'AddNewItem', <AddItemSkeleton />),
              },
              {
                path: paths.myItem.path,
                ...page(() => import('../features/deliveries/components/MyItems'), 'MyItems', <MyItemsSkeleton />),
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

/** Starts fetching the chunks of the pages at `pathname` now, while the app's first render runs. */
export function preloadPages(pathname: string) {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    void loaders
      .get(route.element)?.()
      .catch(() => undefined);
  }
}
