import type { TSession } from '@evalmarket/contracts';
import { grantAdminRole } from '../../src/identity/admin-role.js';
import type { Runtime } from '../../src/runtime/start-runtime.js';

export interface SignedIn {
  userId: string;
  email: string;
  /** Headers that authenticate a request as this person. */
  headers: Record<string, string>;
  session: TSession;
}

export interface SignInOptions {
  admin?: boolean;
  firstName?: string;
  lastName?: string;
}

/**
 * Signs a person in the way the console does: asks for a magic link, reads it from the
 * development mailbox, exchanges its token for a session (registering the person the first
 * time) and sets their name. `admin` grants the platform role as the CLI does.
 */
export async function signIn(
  runtime: Runtime,
  email: string,
  options: SignInOptions = {},
): Promise<SignedIn> {
  const token = await requestSignInToken(runtime, email);
  const verified = await runtime.app.inject({
    method: 'POST',
    url: '/api/v1/auth/verify',
    payload: { token },
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.statusCode} ${verified.body}`);
  let session = verified.json<TSession>();
  const headers = { authorization: `Bearer ${session.access_token}` };
  const named = await runtime.app.inject({
    method: 'PUT',
    url: '/api/v1/profile/',
    headers,
    payload: { first_name: options.firstName ?? 'Test', last_name: options.lastName ?? 'Person' },
  });
  if (named.statusCode !== 200) throw new Error(`naming failed: ${named.statusCode} ${named.body}`);
  if (options.admin) {
    await grantAdminRole(runtime.context, session.user.id, 'test', { actor: 'test' });
    session = { ...session, user: { ...session.user, is_admin: true } };
  }
  return { userId: session.user.id, email: session.user.email, headers, session };
}

/** Asks for a sign-in link and returns the token from the emailed link. */
export async function requestSignInToken(runtime: Runtime, email: string): Promise<string> {
  const sent = await runtime.app.inject({
    method: 'POST',
    url: '/api/v1/auth/magic-link',
    payload: { email },
  });
  if (sent.statusCode !== 200) throw new Error(`magic link failed: ${sent.statusCode} ${sent.body}`);
  return latestLinkToken(runtime, email);
}

export function latestLinkToken(runtime: Runtime, email: string): string {
  // The newest link with a token (sign-in, email change): receipts and other transactional
  // emails share the mailbox, and their links carry none.
  const link = runtime.context.mailer
    .mailbox(email)
    .flatMap((message) => message.links)
    .find((candidate) => URL.canParse(candidate) && new URL(candidate).searchParams.has('token'));
  if (!link) throw new Error(`no email with a link reached ${email}`);
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`the link ${link} carries no token`);
  return token;
}
