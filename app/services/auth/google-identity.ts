/** Who Google (or the stand-in) says signed in: what the strategy hands the callback route. */
export type GoogleIdentity = {
  subject: string;
  email: string;
  emailVerified: boolean;
  fullName: string | null;
  avatarUrl: string | null;
};
