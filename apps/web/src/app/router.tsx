import { type ComponentType, Suspense, lazy } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import { paths } from '../config/paths';
import { Home } from '../features/inventory/components/Home';
import { Layout } from './Layout';
import { NotFound } from './NotFound';
import { RouteError } from './RouteError';

/** Each lazy page's loader, by the element that shows it (see preloadPages). */
const loaders = new Map<unknown, () => Promise<unknown>>();

/**
 * A page loaded when its route is first visited: every page but Home (the
 * first visit's) is a chunk of its own.
 */
function page<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  /** About the height of the page (a list is taller than the screen; a sign-in form is not). */
  room = '100vh',
) {
  const Page = lazy<ComponentType>(async () => ({ default: (await load())[name] }));
  const element = (
    <Suspense fallback={<Spinner label="Loading the page..." room={room} />}>
      <Page />
    </Suspense>
  );
  loaders.set(element, load);
  return element;
}

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
            element: page(() => import('../features/inventory/components/InventoryList'), 'InventoryList'),
          },
          {
            path: paths.inventory.detail.path,
            element: page(() => import('../features/inventory/components/InventoryDetail'), 'InventoryDetail'),
          },
          { path: paths.blogs.path, element: page(() => import('../features/blogs/Blogs'), 'Blogs') },
          {
            path: paths.delivery.path,
            element: page(() => import('../features/deliveries/components/DeliveryPage'), 'DeliveryPage'),
          },
          { path: paths.about.path, element: page(() => import('../features/about/About'), 'About') },
          { path: paths.aboutUs.path, element: page(() => import('../features/about/AboutUs'), 'AboutUs') },
          {
            element: page(() => import('./RequireAuth'), 'RequireAuth'),
            children: [
              {
                path: paths.manageInventories.path,
                element: page(() => import('../features/inventory/components/ManageInventories'), 'ManageInventories'),
              },
              {
                path: paths.reorderList.path,
                element: page(() => import('../features/inventory/components/ReorderList'), 'ReorderList'),
              },
              {
                path: paths.alerts.path,
                element: page(() => import('../features/alerts/components/AlertsPage'), 'AlertsPage'),
              },
              {
                path: paths.addNewItem.path,
                element: page(() => import('../features/inventory/components/AddNewItem'), 'AddNewItem'),
              },
              {
                path: paths.myItem.path,
                element: page(() => import('../features/deliveries/components/MyItems'), 'MyItems'),
              },
            ],
          },
          {
            path: paths.login.path,
            element: page(() => import('../features/auth/components/Login'), 'Login', '34rem'),
          },
          {
            path: paths.signUp.path,
            element: page(() => import('../features/auth/components/SignUp'), 'SignUp', '40rem'),
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
