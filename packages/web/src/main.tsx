import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './app/providers/i18n';
import { App } from './app/App';

const root = createRoot(document.getElementById('root')!);
const render = () =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// Render once the saved language's texts are there (even if loading them failed: pt is built in).
i18nReady.then(render, render);
