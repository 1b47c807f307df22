/** Who Google (or the stand-in) says signed in: what the strategy hands the callback route. */
export type GoogleIdentity = {
  subject: string;
  email: string;
  emailVerified: boolean;
  fullName: string | null;
  avatarUrl: string | null;
  /** When the person last actually authenticated to Google (the ID token's auth_time), if it says. */
  authTime?: Date | null;
};
