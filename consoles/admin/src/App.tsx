import { Admin, Resource } from 'react-admin';
import adjustments from './adjustments';
import applications from './applications';
import { LoginPage } from './auth/LoginPage';
import evaluations from './evaluations';
import cashouts from './cashouts';
import { Dashboard } from './dashboard/Dashboard';
import events from './events';
import invoices from './invoices';
import { darkTheme, lightTheme } from './common/theme';
import { authProvider, dataProvider } from './providers';
import purchases from './purchases';
import refunds from './refunds';
import transactions from './transactions';
import users from './users';

export function App() {
  return (
    <Admin
      title="Evalmarket staff"
      dataProvider={dataProvider}
      authProvider={authProvider}
      loginPage={LoginPage}
      dashboard={Dashboard}
      theme={lightTheme}
      darkTheme={darkTheme}
      disableTelemetry
    >
      <Resource {...applications} />
      <Resource {...users} />
      <Resource {...adjustments} />
      <Resource {...evaluations} />
      <Resource {...transactions} />
      <Resource {...events} />
      <Resource {...purchases} />
      <Resource {...refunds} />
      <Resource {...cashouts} />
      <Resource {...invoices} />
    </Admin>
  );
}
