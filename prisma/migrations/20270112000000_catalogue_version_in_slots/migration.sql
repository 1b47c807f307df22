-- The catalogue's page version in 32 slots (ADR 0096). Every settled resale sets the price each
-- holder of its property is valued at, so its commit raised the one catalogue row; the row stays
-- locked until that commit has flushed, so every settlement in the platform waited for the one
-- before it to reach the disk (in `npm run bench` the raise was 9.6 ms of waiting per
-- settlement, and settlements stopped at about one per flush).
--
-- Now a raise adds one to the slot its transaction's id picks (id mod 32), still at the commit
-- (deferred triggers) and still once per transaction (the slot remembers the transaction that
-- last raised it; one transaction always picks the same slot). The version is the sum of the
-- slots, read in the session's one snapshot: every committed raise adds exactly one to it, so
-- after any commit that changed what kept pages show, the sum read differs from the one before.
-- Two settlements now wait for each other only when their ids share a slot.
ALTER TABLE "catalogue_page_version" DROP CONSTRAINT "catalogue_page_version_pkey";
ALTER TABLE "catalogue_page_version" DROP COLUMN "singleton";
-- The one row there was becomes slot 0 with its version, so the sum stays what it was.
ALTER TABLE "catalogue_page_version" ADD COLUMN "slot" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "catalogue_page_version" ALTER COLUMN "slot" DROP DEFAULT;
ALTER TABLE "catalogue_page_version" ADD CONSTRAINT "catalogue_page_version_pkey" PRIMARY KEY ("slot");
ALTER TABLE "catalogue_page_version" ADD CONSTRAINT "catalogue_page_version_slot_known" CHECK ("slot" BETWEEN 0 AND 31);
INSERT INTO "catalogue_page_version" ("slot", "version", "changed_in") SELECT s, 0, 0 FROM generate_series(1, 31) AS s;

CREATE OR REPLACE FUNCTION "raise_catalogue_page_version"() RETURNS void LANGUAGE sql AS $$
    UPDATE "catalogue_page_version" SET "version" = "version" + 1, "changed_in" = pg_current_xact_id()::text::bigint
     WHERE "slot" = (pg_current_xact_id()::text::bigint % 32)::integer
       AND "changed_in" <> pg_current_xact_id()::text::bigint
$$;
