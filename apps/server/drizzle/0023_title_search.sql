-- Decision 058: a search ranks the newest matches of its words and the newest posts whose title
-- matches them; this index finds the latter without reading every post's contents.
CREATE INDEX IF NOT EXISTS "community_posts_title_search_idx" ON "community_posts" USING gin (to_tsvector('english', "title"));
