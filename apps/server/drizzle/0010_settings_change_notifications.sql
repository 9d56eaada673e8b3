-- Every process keeps the settings (the mining rate, the reward interval, the referral bonus) in
-- memory (decision 014), read once instead of on every start and every crediting tick. Any statement
-- that changes them notifies every process, whichever code (or operator) wrote it; NOTIFY is
-- delivered only when the transaction commits.
CREATE OR REPLACE FUNCTION btcp_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('btcp_settings_changes', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER system_settings_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON system_settings
  FOR EACH STATEMENT EXECUTE FUNCTION btcp_settings_changed();
