import type { MenuLink } from './account-links';

/** Who is signed in and where they can go, as both the account menu and the mobile menu show it. */
export interface SignedInAccount {
  /** The short label on the account button. */
  label: string;
  fullName: string;
  email: string | undefined;
  links: MenuLink[];
  signOut: () => Promise<void>;
}
