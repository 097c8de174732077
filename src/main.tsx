import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { applyLocale, browserLocale } from './i18n/locale';

// A Spanish reader's first paint is in Spanish: its catalogue loads before anything draws.
void applyLocale(browserLocale())
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
