import { Route, Routes } from 'react-router-dom';
import { ProtectedRoute } from './auth/ProtectedRoute';
import { Layout } from './layout/Layout';
import { NotFoundPage } from './pages/NotFoundPage';
import { ROUTES } from './routes';

export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {ROUTES.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={route.protected ? <ProtectedRoute>{route.element}</ProtectedRoute> : route.element}
          />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
