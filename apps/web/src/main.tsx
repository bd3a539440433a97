import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { followSessionLocale } from './lib/i18n/session-locale';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// French is there at once; another language's catalogue is fetched before the first screen.
void followSessionLocale().then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
