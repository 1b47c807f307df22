-- The KYC wizard keeps its unfinished answers on the server (one draft per user), so an
-- investor can leave after any step and resume on any device.
CREATE TABLE "kyc_drafts" (
    "user_id" UUID NOT NULL,
    "current_step" INTEGER NOT NULL DEFAULT 1,
    "data" JSONB NOT NULL DEFAULT '{}',
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "kyc_drafts_pkey" PRIMARY KEY ("user_id"),
    CONSTRAINT "kyc_drafts_current_step_range" CHECK ("current_step" BETWEEN 1 AND 5)
);
ALTER TABLE "kyc_drafts" ADD CONSTRAINT "kyc_drafts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The admin's reason for the latest rejection, shown to the investor; cleared on approval.
ALTER TABLE "user_profiles" ADD COLUMN "kyc_rejection_reason" TEXT;

-- Rows of one submission share an id, so a resubmission adds rows and never overwrites.
ALTER TABLE "kyc_documents" ADD COLUMN "submission_id" UUID;
CREATE INDEX "kyc_documents_submission_id_idx" ON "kyc_documents"("submission_id");
