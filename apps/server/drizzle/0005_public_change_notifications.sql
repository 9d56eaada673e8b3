-- Every process keeps the public pages (community lists, the blog) built once in memory
-- (decision 013).
-- Any statement that changes what those pages show notifies every process, whichever code (or
-- operator) wrote it; statement-level triggers, so a bulk change is one notification, and NOTIFY
-- is delivered only when the transaction commits.
CREATE OR REPLACE FUNCTION btcp_public_pages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('btcp_public_changes', TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER community_posts_public_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON community_posts
  FOR EACH STATEMENT EXECUTE FUNCTION btcp_public_pages_changed('community');
--> statement-breakpoint
-- A reader's own votes are kept with the shared page they were read for (decision 013): a vote
-- anywhere makes every process build the page, and read the votes, afresh.
CREATE TRIGGER community_votes_public_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON community_votes
  FOR EACH STATEMENT EXECUTE FUNCTION btcp_public_pages_changed('community');
--> statement-breakpoint
-- Authors' names and ban badges show on every post card.
CREATE TRIGGER profiles_public_change
  AFTER UPDATE OF username, is_banned OR DELETE ON profiles
  FOR EACH STATEMENT EXECUTE FUNCTION btcp_public_pages_changed('community');
--> statement-breakpoint
CREATE TRIGGER blog_posts_public_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blog_posts
  FOR EACH STATEMENT EXECUTE FUNCTION btcp_public_pages_changed('blog');
--> statement-breakpoint
-- Sessions are kept in each process's memory too (decision 013). The application announces every
-- revocation it makes; a ban or a role change made by hand in SQL is announced here as well, so
-- no process goes on trusting the old flags.
CREATE OR REPLACE FUNCTION btcp_account_flags_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('btcp_revocations', json_build_object('userId', NEW.id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_flags_revoke_sessions
  AFTER UPDATE OF is_banned, is_admin ON profiles
  FOR EACH ROW WHEN (OLD.is_banned IS DISTINCT FROM NEW.is_banned OR OLD.is_admin IS DISTINCT FROM NEW.is_admin)
  EXECUTE FUNCTION btcp_account_flags_changed();
