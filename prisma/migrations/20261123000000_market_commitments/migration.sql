-- The secondary market's share commitments (ADR 0009). Shares listed on an open sell order are
-- committed on the seller's position, so the same shares can never be listed or sold twice;
-- shares an order has promised to open buyer holds are counted on the order, so two holds
-- can never take the same remaining shares. PostgreSQL decides both with CHECKs.

ALTER TABLE "user_property_positions"
    ADD COLUMN "committed_shares" INTEGER NOT NULL DEFAULT 0,
    ADD CONSTRAINT "user_property_positions_committed_within_owned"
        CHECK ("committed_shares" >= 0 AND "committed_shares" <= "shares");

ALTER TABLE "share_sell_requests"
    ADD COLUMN "held_shares" INTEGER NOT NULL DEFAULT 0,
    ADD CONSTRAINT "share_sell_requests_shares_held_within_remaining"
        CHECK ("held_shares" >= 0 AND "held_shares" <= "remaining_shares");

ALTER TABLE "share_buyer_holds"
    ADD CONSTRAINT "share_buyer_holds_amount_is_shares_times_price" CHECK ("amount" = "shares" * "price_per_share");

ALTER TABLE "share_reservations"
    ADD CONSTRAINT "share_reservations_not_self" CHECK ("buyer_id" <> "seller_id");
