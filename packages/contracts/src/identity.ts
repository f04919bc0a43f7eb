import { z } from 'zod';
import { ZUserAccountKind } from './money.js';
import { ZSealedPersonalData } from './evaluator-events.js';
import { ZSingleLineText } from './text.js';

// ---- API ------------------------------------------------------------------------------------

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';

/** Trimmed; the spec's message when empty; a simple text@text.text shape with no spaces. */
export const ZEmailAddress = (requiredMessage: string) =>
  ZSingleLineText({ error: requiredMessage }, INVALID_EMAIL_MESSAGE)
    .trim()
    .min(1, requiredMessage)
    .max(254, 'Email addresses are at most 254 characters')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, INVALID_EMAIL_MESSAGE)
    .transform((email) => email.toLowerCase());

export const ZMagicLinkRequest = z.object({ email: ZEmailAddress('Please enter your email') });
export const ZMessageReply = z.object({ message: z.string() });
export const MAGIC_LINK_SENT_MESSAGE = 'Magic link sent! Check your email to sign in.';

export const ZVerifyMagicLinkRequest = z.object({ token: z.string().min(1).max(200) });
export const ZRefreshSessionRequest = z.object({ refresh_token: z.string().min(1).max(200) });

export const AVAILABLE_ROLES = ['requester', 'expert'] as const;
export const ZAvailableRole = z.enum(AVAILABLE_ROLES);

export const PAYOUT_FREQUENCIES = ['manual', 'weekly', 'monthly'] as const;

export const ZProfilePreferences = z.object({
  spending_context: z.object({ auto_refill: z.boolean() }),
  earning_context: z.object({ payout_frequency: z.enum(PAYOUT_FREQUENCIES) }),
});
export type TProfilePreferences = z.infer<typeof ZProfilePreferences>;
export const DEFAULT_PREFERENCES: TProfilePreferences = {
  spending_context: { auto_refill: false },
  earning_context: { payout_frequency: 'manual' },
};

export const ZProfile = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  available_roles: z.array(ZAvailableRole),
  active_context: ZUserAccountKind,
  preferences: ZProfilePreferences,
  /** The address an email change waits to confirm, if one is pending. */
  new_email: z.string().nullable(),
  is_admin: z.boolean(),
  created_at: z.string(),
});
export type TProfile = z.infer<typeof ZProfile>;

const ZName = (requiredMessage: string) =>
  ZSingleLineText({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(100, 'Names are at most 100 characters');

export const ZProfileUpdate = z.object({
  first_name: ZName('First name is required'),
  last_name: ZName('Last name is required'),
  preferences: z
    .object({
      spending_context: z.object({ auto_refill: z.boolean() }).optional(),
      earning_context: z.object({ payout_frequency: z.enum(PAYOUT_FREQUENCIES) }).optional(),
    })
    .optional(),
});
export type TProfileUpdate = z.infer<typeof ZProfileUpdate>;

export const ZSession = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  /** When the access token expires, in seconds since the Unix epoch. */
  expires_at: z.number().int(),
  expires_in: z.number().int(),
  user: ZProfile,
});
export type TSession = z.infer<typeof ZSession>;

export const ZSessionInfo = z.object({
  session_id: z.string(),
  expires_at: z.number().int(),
  user: ZProfile,
});

export const ZSetContextRequest = z.object({ context: ZUserAccountKind });

export const ZChangeEmailRequest = z.object({ new_email: ZEmailAddress('Email is required') });
export const ZChangeEmailReply = z.object({ new_email: z.string(), message: z.string() });
export const ZVerifyEmailChangeReply = z.object({
  old_email: z.string(),
  new_email: z.string(),
  message: z.string(),
});

// ---- Events (stream `user-{user_id}`; personal data sealed with the person's key) -------------

export const ZIdentityEventData = {
  UserRegistered: z.object({ user_id: z.string(), personal: ZSealedPersonalData }),
  ProfileUpdated: z.object({
    user_id: z.string(),
    personal: ZSealedPersonalData,
    preferences: ZProfilePreferences,
  }),
  ContextSwitched: z.object({ user_id: z.string(), context: ZUserAccountKind }),
  EmailChangeRequested: z.object({ user_id: z.string(), personal: ZSealedPersonalData }),
  EmailChangeConfirmed: z.object({ user_id: z.string(), personal: ZSealedPersonalData }),
  /** On `signin-{keyed address}`: a link went out (kept for the audit trail; no read model). */
  SignInLinkSent: z.object({ link_expires_at: z.string() }),
  /** A sign-in link was exchanged for a session. */
  SignedIn: z.object({ user_id: z.string(), session_id: z.string() }),
} as const;

/** Personal data sealed inside identity events. */
export interface TRegisteredPersonal {
  email: string;
}
export interface TProfilePersonal {
  first_name: string;
  last_name: string;
}
export interface TEmailChangePersonal {
  old_email: string;
  new_email: string;
}

export const userStreamId = (userId: string) => `user-${userId}`;
