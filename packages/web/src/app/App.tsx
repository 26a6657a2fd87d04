import { BrowserRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { TOAST_MS } from '@balcao/contracts';
import { QueryProvider } from './providers/QueryProvider';
import { ColorModeProvider, useColorMode } from './providers/ColorModeProvider';
import { AuthProvider } from './providers/AuthProvider';
import { AppRoutes } from './routing/AppRoutes';

function Toasts() {
  const { mode } = useColorMode();
  // Bottom right: toasts never cover the top bar's menus or a page's action buttons.
  return <ToastContainer position="bottom-right" autoClose={TOAST_MS} theme={mode} newestOnTop />;
}

export function App() {
  return (
    <QueryProvider>
      <ColorModeProvider>
        <BrowserRouter>
          <AuthProvider>
            <AppRoutes />
          </AuthProvider>
        </BrowserRouter>
        <Toasts />
      </ColorModeProvider>
    </QueryProvider>
  );
}
