import { describe, expect, it } from "vitest";
import { identityFromGoogleProfile } from "./authenticator.server";

describe("the identity read from Google's profile", () => {
  it("keeps a name from Google only when it is one", () => {
    const profile = (name: string) =>
      ({ _json: { sub: "g-1", email: "asha@example.in", email_verified: true, name } }) as unknown as Parameters<
        typeof identityFromGoogleProfile
      >[0];
    expect(identityFromGoogleProfile(profile(" Asha Rao ")).fullName).toBe("Asha Rao");
    expect(identityFromGoogleProfile(profile("Asha\r\nBcc: x@example.in")).fullName).toBeNull();
    expect(identityFromGoogleProfile(profile("<img src=x>")).fullName).toBeNull();
  });
});
