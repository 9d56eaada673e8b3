-- The dated words (decision 056) live in system_settings under 'dated_words'. The landing page and
-- the community pages (its sidebar's founding day) are kept and shared like the other public
-- pages (decision 013): a change to that row, whoever makes it, makes every process render both
-- afresh. Row triggers, so a change to another setting (the mining rate) leaves the pages be.
CREATE OR REPLACE FUNCTION btcp_dated_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('btcp_public_changes', 'dated-words');
  PERFORM pg_notify('btcp_public_changes', 'community');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER system_settings_dated_words_insert
  AFTER INSERT ON system_settings
  FOR EACH ROW WHEN (NEW.key = 'dated_words') EXECUTE FUNCTION btcp_dated_words_changed();
--> statement-breakpoint
CREATE TRIGGER system_settings_dated_words_update
  AFTER UPDATE ON system_settings
  FOR EACH ROW WHEN (OLD.key = 'dated_words' OR NEW.key = 'dated_words')
  EXECUTE FUNCTION btcp_dated_words_changed();
--> statement-breakpoint
CREATE TRIGGER system_settings_dated_words_delete
  AFTER DELETE ON system_settings
  FOR EACH ROW WHEN (OLD.key = 'dated_words') EXECUTE FUNCTION btcp_dated_words_changed();
--> statement-breakpoint
CREATE TRIGGER system_settings_truncate_public_change
  AFTER TRUNCATE ON system_settings
  FOR EACH STATEMENT EXECUTE FUNCTION btcp_dated_words_changed();
