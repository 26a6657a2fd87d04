import { createBrowserRouter, RouterProvider } from 'react-router';
import { QueryProvider } from './providers/QueryProvider';
import { ColorModeProvider } from './providers/ColorModeProvider';
import { AuthProvider } from './providers/AuthProvider';
import { AppRoutes } from './routing/AppRoutes';
import { Toasts } from '../lib/ui/Toasts';

/**
 * A data router around the app's own <Routes> (react-router's documented way in): pages may then
 * hold a navigation back while work is unsaved (`useBlocker`, the flow editor).
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
        <RouterProvider router={router} />
        <Toasts />
      </ColorModeProvider>
    </QueryProvider>
  );
}
