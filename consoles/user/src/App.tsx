import { Route, Routes } from 'react-router-dom';
import { ProtectedRoute } from './auth/ProtectedRoute';
import { Layout } from './layout/Layout';
import { PageTitle } from './layout/PageTitle';
import { NotFoundPage } from './pages/home/NotFoundPage';
import { ROUTES } from './routes';

export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {ROUTES.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={
              <PageTitle title={route.title}>
                {route.protected ? <ProtectedRoute>{route.element}</ProtectedRoute> : route.element}
              </PageTitle>
            }
          />
        ))}
        <Route
          path="*"
          element={
            <PageTitle title="Page not found">
              <NotFoundPage />
            </PageTitle>
          }
        />
      </Route>
    </Routes>
  );
}
