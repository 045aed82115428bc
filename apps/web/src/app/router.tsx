import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { About } from '../features/about/About';
import { AboutUs } from '../features/about/AboutUs';
import { Login } from '../features/auth/components/Login';
import { SignUp } from '../features/auth/components/SignUp';
import { Blogs } from '../features/blogs/Blogs';
import { DeliveryPage } from '../features/deliveries/components/DeliveryPage';
import { MyItems } from '../features/deliveries/components/MyItems';
import { AddNewItem } from '../features/inventory/components/AddNewItem';
import { Home } from '../features/inventory/components/Home';
import { InventoryDetail } from '../features/inventory/components/InventoryDetail';
import { InventoryList } from '../features/inventory/components/InventoryList';
import { ManageInventories } from '../features/inventory/components/ManageInventories';
import { Layout } from './Layout';
import { NotFound } from './NotFound';
import { RequireAuth } from './RequireAuth';
import { RouteError } from './RouteError';

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
          { path: paths.inventory.list.path, element: <InventoryList /> },
          { path: paths.inventory.detail.path, element: <InventoryDetail /> },
          { path: paths.blogs.path, element: <Blogs /> },
          { path: paths.delivery.path, element: <DeliveryPage /> },
          { path: paths.about.path, element: <About /> },
          { path: paths.aboutUs.path, element: <AboutUs /> },
          {
            element: <RequireAuth />,
            children: [
              { path: paths.manageInventories.path, element: <ManageInventories /> },
              { path: paths.addNewItem.path, element: <AddNewItem /> },
              { path: paths.myItem.path, element: <MyItems /> },
            ],
          },
          { path: paths.login.path, element: <Login /> },
          { path: paths.signUp.path, element: <SignUp /> },
          { path: paths.notFound.path, element: <NotFound /> },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
