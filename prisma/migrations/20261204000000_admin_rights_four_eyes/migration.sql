-- Admin rights are granted and removed through the four-eyes queue (ADR 0049), and an admin
-- approves nothing in their first 24 hours. admin_since says when the current rights began.
ALTER TABLE "user_profiles" ADD COLUMN "admin_since" TIMESTAMPTZ(6);
-- Admins from before this change count from when their profile was made.
UPDATE "user_profiles" SET "admin_since" = "created_at" WHERE "is_admin";

-- The database keeps admin_since honest whatever path sets the flag: a new admin (an
-- ADMIN_EMAILS sign-in, an approved grant) starts now; losing the flag clears it. Only an
-- INSERT may name an earlier time (the demo data and the tests' long-standing admins).
CREATE FUNCTION "user_profiles_admin_since"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT NEW.is_admin THEN
    NEW.admin_since := NULL;
  ELSIF TG_OP = 'INSERT' THEN
    NEW.admin_since := COALESCE(NEW.admin_since, clock_timestamp());
  ELSIF NOT OLD.is_admin THEN
    NEW.admin_since := clock_timestamp();
  ELSE
    NEW.admin_since := OLD.admin_since;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "user_profiles_admin_since"
  BEFORE INSERT OR UPDATE OF "is_admin", "admin_since" ON "user_profiles"
  FOR EACH ROW EXECUTE FUNCTION "user_profiles_admin_since"();

-- The queue now also carries admin grants and removals; they move no money (amount 0).
ALTER TABLE "money_approvals" DROP CONSTRAINT "money_approvals_kind_known";
ALTER TABLE "money_approvals" ADD CONSTRAINT "money_approvals_kind_known"
  CHECK ("kind" IN ('ticket_resolve', 'reservation_settle', 'admin_grant', 'admin_revoke'));
ALTER TABLE "money_approvals" DROP CONSTRAINT "money_approvals_amount_positive";
ALTER TABLE "money_approvals" ADD CONSTRAINT "money_approvals_amount_positive"
  CHECK (CASE WHEN "kind" IN ('admin_grant', 'admin_revoke') THEN "amount" = 0 ELSE "amount" > 0 END);
