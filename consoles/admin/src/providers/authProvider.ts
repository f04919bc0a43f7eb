import type { AuthProvider } from 'react-admin';
import type { Session } from './session';
import { ACCESS_DENIED, NOT_AUTHENTICATED } from './session';

/** Credentials react-admin's login() receives: a magic-link token or the pasted link. */
export interface MagicLinkCredentials {
  token: string;
}

/**
 * Staff sign in with the same magic link as everyone (POST /auth/magic-link, then /auth/verify);
 * anyone without is_admin is refused with the spec's message.
 */
export function createAuthProvider(
  session: Session,
  location: () => string = () => window.location.href,
): AuthProvider {
  return {
    async login({ token }: MagicLinkCredentials) {
      await session.signIn(token);
    },
    /** react-admin's own /#/auth-callback route: the magic-link token in its query string. */
    async handleCallback() {
      await session.signIn(location());
      return { redirectTo: '/' };
    },
    async logout() {
      await session.signOut();
    },
    async checkAuth() {
      const current = session.get();
      // Signed out: straight to the sign-in page, no error toast (react-admin's `message: false`).
      if (!current) throw { message: false };
      if (!current.user.is_admin) {
        session.clear();
        throw new Error(ACCESS_DENIED);
      }
      if (!(await session.accessToken())) throw new Error(NOT_AUTHENTICATED);
    },
    async checkError(error: { status?: number; body?: { detail?: unknown } }) {
      const status = error?.status;
      if (status === 401 || status === 403) {
        session.clear();
        throw new Error(status === 403 ? ACCESS_DENIED : NOT_AUTHENTICATED);
      }
    },
    async getPermissions() {
      const current = session.get();
      return current?.user.is_admin ? 'admin' : null;
    },
    async getIdentity() {
      const current = session.get();
      if (!current) throw new Error(NOT_AUTHENTICATED);
      const { id, email, full_name } = current.user;
      return { id, fullName: full_name.trim() || email };
    },
  };
}

/** Sends the emailed sign-in link (the same for staff and everyone). */
export async function requestMagicLink(session: Session, email: string): Promise<void> {
  await session.call(session.api.POST('/api/v1/auth/magic-link', { body: { email: email.trim() } }));
}
