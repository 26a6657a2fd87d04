import { createBrowserRouter, RouterProvider } from 'react-router';
import { QueryProvider } from './providers/QueryProvider';
import { ColorModeProvider } from './providers/ColorModeProvider';
import { AuthProvider } from './providers/AuthProvider';
import { AppRoutes } from './routing/AppRoutes';
import { Toasts } from '../lib/ui/Toasts';

/**
 * A data router around the app's own <Routes> (react-router's documented way in): pages may then
 * hold a navigation back while work is unsaved (`useBlocker`, the flow editor). Its updates are not
 * transitions (`useTransitions={false}`): a navigation commits at once, with the page's own loading
 * state, as under <BrowserRouter>; as a transition, leaving a reloaded inbox kept the old page on
 * screen indefinitely while the address had changed (e2e/menu.e2e.ts, dark theme).
 */
const router = createBrowserRouter([
  {
    path: '*',
    element: (
      <AuthProvider>
        <AppRoutes />
      </AuthProvider>
    ),
  },
]);

export function App() {
  return (
    <QueryProvider>
      <ColorModeProvider>
        <RouterProvider router={router} useTransitions={false} />
        <Toasts />
      </ColorModeProvider>
    </QueryProvider>
  );
}
