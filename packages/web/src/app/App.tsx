import { BrowserRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { TOAST_MS } from '@balcao/contracts';
import { QueryProvider } from './providers/QueryProvider';
import { ColorModeProvider, useColorMode } from './providers/ColorModeProvider';
import { AuthProvider } from './providers/AuthProvider';
import { AppRoutes } from './routing/AppRoutes';

function Toasts() {
  const { mode } = useColorMode();
  return <ToastContainer
      position="top-right"
      autoClose={TOAST_MS}
      theme={mode}
      newestOnTop
      // below the top bar, so its buttons stay reachable
      style={{ top: 64 }}
    />;
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
