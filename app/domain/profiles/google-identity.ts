/** What sign-in needs from Google's (or the stand-in's) userinfo answer. */
export type GoogleIdentity = {
  subject: string;
  email: string;
  emailVerified: boolean;
  fullName: string | null;
  avatarUrl: string | null;
};
