-- A property's sale stops its trading (ADR 0071), and the two-sided market's buy orders
-- (ADR 0074) are trading too: once the sale is agreed, the database refuses a new buy order
-- for it, as it refuses a new listing, hold or reservation.
CREATE TRIGGER "share_buy_orders_refuse_after_exit" BEFORE INSERT ON "share_buy_orders"
    FOR EACH ROW EXECUTE FUNCTION "exit_refuse_new_trade"();
