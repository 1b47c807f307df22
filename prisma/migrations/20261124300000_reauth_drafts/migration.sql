-- Re-authentication (issue 16, ADR 0030): what an investor typed into a withdrawal request or
-- the bank-details step when the server sent them to Google to confirm it is them. Kept on the
-- server (never in the URL), one per user and form, for 30 minutes; the form reads it back.
CREATE TABLE "reauth_drafts" (
    "user_id" UUID NOT NULL,
    "purpose" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "reauth_drafts_pkey" PRIMARY KEY ("user_id", "purpose"),
    CONSTRAINT "reauth_drafts_purpose_known" CHECK ("purpose" IN ('withdraw', 'bank')),
    CONSTRAINT "reauth_drafts_expiry_after_creation" CHECK ("expires_at" > "created_at")
);

ALTER TABLE "reauth_drafts" ADD CONSTRAINT "reauth_drafts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE CASCADE ON UPDATE CASCADE;
