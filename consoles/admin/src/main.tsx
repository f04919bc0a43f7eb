import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { hashRouteFor } from './common/pathRoute';

// A spec URL such as /admin/evaluator-applications opens its page, not the dashboard.
const route = hashRouteFor(window.location);
if (route) window.history.replaceState(null, '', route);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
