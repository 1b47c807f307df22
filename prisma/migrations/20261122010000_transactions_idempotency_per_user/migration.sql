-- An idempotency key belongs to the user whose form it was rendered in: another user's
-- key must neither block nor replay a purchase, so uniqueness is per (user, key).
-- The index keeps its name, so anything that reports it by name still recognises it.
DROP INDEX "transactions_idempotency_key_key";
CREATE UNIQUE INDEX "transactions_idempotency_key_key" ON "transactions"("user_id", "idempotency_key");
