import { BrowserRouter } from 'react-router';
import { QueryProvider } from './providers/QueryProvider';
import { ColorModeProvider } from './providers/ColorModeProvider';
import { AuthProvider } from './providers/AuthProvider';
import { AppRoutes } from './routing/AppRoutes';
import { Toasts } from '../lib/ui/Toasts';

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
