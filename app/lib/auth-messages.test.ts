import { describe, expect, it } from "vitest";
import { authFailureNotice } from "./auth-messages";

describe("authFailureNotice", () => {
  it.each([
    ["Invalid login credentials", "Sign In Failed", "Invalid email or password. Please try again."],
    ["Email not confirmed", "Email Verification Required", "Please check your email and verify your account."],
    ["User already registered", "Account Exists", "An account with this email already exists."],
    ["invalid refresh_token given", "Session Expired", "Your session has expired. Please sign in again."],
    ["TypeError: fetch failed", "Connection Error", "Unable to connect to server. Please check your internet connection."],
    ["Network request failed", "Connection Error", "Unable to connect to server. Please check your internet connection."],
  ])("maps %j to %s", (failure, title, description) => {
    expect(authFailureNotice(failure)).toEqual({ title, description });
  });

  it("uses Authentication Error for anything else", () => {
    expect(authFailureNotice("State doesn't match.").title).toBe("Authentication Error");
    expect(authFailureNotice(undefined).title).toBe("Authentication Error");
  });

  it("checks the substrings in the spec's order", () => {
    expect(authFailureNotice("Invalid login while fetching").title).toBe("Sign In Failed");
  });
});
