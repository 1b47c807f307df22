-- A `fee` transaction's amount is the charge itself (ADR 0046). Deposit processing fees were
-- written with the same charge in the fee column too, so anything adding amount + fee (the
-- history's −₹20 for a ₹10 fee, investor_daily_flows) counted it twice. The fee column of a fee
-- row is now always 0; investor_daily_flows follows through its row triggers.
UPDATE "transactions" SET "fee" = 0 WHERE "transaction_type" = 'fee' AND "fee" <> 0;
