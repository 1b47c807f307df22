-- A `fee` transaction's amount is the charge itself (ADR 0046). Deposit processing fees were
-- written with the same charge in the fee column too, so anything adding amount + fee (the
-- history's −₹20 for a ₹10 fee, investor_daily_flows) counted it twice. The fee column of a fee
-- row is now always 0; investor_daily_flows follows through its row triggers.
UPDATE "transactions" SET "fee" = 0 WHERE "transaction_type" = 'fee' AND "fee" <> 0;

-- The kept overview (ADR 0045) now reads the investor's own transactions (invested with fees,
-- realised gains, distributions: ADR 0046), so they raise the investor's page version like
-- the other tables it reads; and a settled resale (a completed share_purchase) sets the price
-- every holder of that property is valued at, so it raises the shared version too.
CREATE CONSTRAINT TRIGGER "transactions_page_version" AFTER INSERT OR UPDATE OR DELETE ON "transactions"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "user_page_version_row_changed"();
CREATE CONSTRAINT TRIGGER "transactions_valuation_page_version" AFTER INSERT OR UPDATE ON "transactions"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (NEW."transaction_type" = 'share_purchase' AND NEW."status" = 'completed')
    EXECUTE FUNCTION "catalogue_page_version_changed"();
CREATE TRIGGER "transactions_page_version_truncated" AFTER TRUNCATE ON "transactions"
    FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_page_version_changed"();
