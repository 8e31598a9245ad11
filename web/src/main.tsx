import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/config/env';
import { App } from '@/app/index';
import { initI18n } from '@/lib/i18n';
import '@/index.css';

void initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
