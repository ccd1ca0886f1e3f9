import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { sessionStore } from './platform/session/sessionStore.ts';
import './app.css';

async function start(): Promise<void> {
  await sessionStore.hydrate().catch(() => undefined);
  window.addEventListener('storage', (event) => sessionStore.syncFromOtherTab(event));
  const root = document.getElementById('root');
  if (!root) throw new Error('#root not found');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
