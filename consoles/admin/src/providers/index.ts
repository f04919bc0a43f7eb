import { createAuthProvider } from './authProvider';
import { createDataProvider } from './dataProvider';
import { Session } from './session';

/** The browser's session, auth provider and data provider (same origin as the API). */
export const session = new Session();
export const authProvider = createAuthProvider(session);
export const dataProvider = createDataProvider(session);
