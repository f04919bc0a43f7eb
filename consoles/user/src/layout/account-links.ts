import type { TEvaluatorStatusReply, TProfile } from '@evalmarket/contracts';

export interface MenuLink {
  to: string;
  label: string;
}

/** The spec's account menu entries, in its order (spec 000 section 2, Header). */
export const SPEC_ACCOUNT_LINKS: readonly MenuLink[] = [
  { to: '/my-evaluations', label: 'My Evaluations' },
  { to: '/wallet', label: 'Wallet & Credits' },
  { to: '/payments/setup', label: 'Payment & Payouts' },
  { to: '/billing', label: 'Billing & Usage' },
  { to: '/account', label: 'Profile Settings' },
];

/** Where anyone signed in finds work: volunteer projects are open to people who never applied. */
export const EVALUATE_LINK: MenuLink = { to: '/evaluations', label: 'Evaluate' };

type EvaluatorStatus = TEvaluatorStatusReply['evaluator_status'];

/**
 * The screens the spec's menu leaves unlinked, for the roles that can use them: spending
 * analytics for requesters, earnings analytics for experts (the server answers 403 to others),
 * the evaluator's own votes, the application (or its state) and cash-out once verified.
 * Unknown evaluator status (still loading or failed): only the links that need none.
 */
export function roleLinks(
  profile: Pick<TProfile, 'available_roles'> | undefined,
  evaluatorStatus: EvaluatorStatus | undefined,
): MenuLink[] {
  const roles = profile?.available_roles ?? [];
  const links: MenuLink[] = [];
  if (roles.includes('requester')) links.push({ to: '/analytics/spending', label: 'Spending Analytics' });
  if (roles.includes('expert')) links.push({ to: '/analytics/earnings', label: 'Earnings Analytics' });
  links.push({ to: '/evaluator/votes', label: 'My Votes' });
  if (evaluatorStatus === 'not_applied') links.push({ to: '/evaluator/apply', label: 'Become an Evaluator' });
  if (evaluatorStatus === 'pending' || evaluatorStatus === 'rejected')
    links.push({ to: '/evaluator/apply', label: 'Evaluator Application' });
  if (evaluatorStatus === 'verified') links.push({ to: '/evaluator/cashout', label: 'Cash Out' });
  return links;
}

/** The full account menu: the spec's entries, then the role-aware ones. */
export function accountLinks(
  profile: Pick<TProfile, 'available_roles'> | undefined,
  evaluatorStatus: EvaluatorStatus | undefined,
): MenuLink[] {
  return [...SPEC_ACCOUNT_LINKS, ...roleLinks(profile, evaluatorStatus)];
}
