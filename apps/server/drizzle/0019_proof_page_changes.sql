-- The /proof page is kept and shared like the other public pages (decision 013): a new, relabelled
-- or purged record makes every process render it afresh.
CREATE TRIGGER proof_snapshots_public_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON proof_snapshots
  FOR EACH STATEMENT EXECUTE FUNCTION btcp_public_pages_changed('proofs');
