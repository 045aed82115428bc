import { createBrowserRouter, type RouteObject } from 'react-router-dom';
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

/**
 * SPEC.md's route table. React Router matches paths case-insensitively
 * (`caseSensitive` is false by default), so the home page's
 * /manageinventories lands on /manageInventories.
 * `/inventory/:Id` of the spec is the same pattern as `/inventory/:inventoryId`.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <Home /> },
      { path: '/home', element: <Home /> },
      { path: '/inventory', element: <InventoryList /> },
      { path: '/inventory/:inventoryId', element: <InventoryDetail /> },
      { path: '/blogs', element: <Blogs /> },
      { path: '/inventoryDetails/:inventoryId', element: <DeliveryPage /> },
      { path: '/about', element: <About /> },
      { path: '/aboutus', element: <AboutUs /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/manageInventories', element: <ManageInventories /> },
          { path: '/addNewItem', element: <AddNewItem /> },
          { path: '/myitem', element: <MyItems /> },
        ],
      },
      { path: '/login', element: <Login /> },
      { path: '/signup', element: <SignUp /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
