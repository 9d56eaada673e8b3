-- Decision 031: `"x"@host` and `x@host.` are the mailbox `x@host`, as src/lib/email-identity.ts
-- now computes it (the forms refuse those spellings). Live accounts stored under them get that
-- mailbox; where an account outside them holds it, or an older one of them takes it, they keep
-- none (they stay, as they were).
WITH parts AS (
	SELECT id, created_at,
		substring(lower(email) from '^(.*)@') AS local,
		rtrim(substring(lower(email) from '@([^@]*)$'), '.') AS domain
	FROM users
	WHERE deleted_at IS NULL AND (email LIKE '%"%' OR email LIKE '%.')
), unquoted AS (
	SELECT id, created_at,
		CASE WHEN domain = 'googlemail.com' THEN 'gmail.com' ELSE domain END AS domain,
		CASE WHEN local ~ '^".*"$' THEN regexp_replace(substr(local, 2, length(local) - 2), '\\(.)', '\1', 'g') ELSE local END AS local
	FROM parts
), untagged AS (
	SELECT id, created_at, domain,
		CASE WHEN domain IN ('gmail.com', 'outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'icloud.com', 'me.com', 'mac.com', 'proton.me', 'protonmail.com', 'pm.me', 'fastmail.com', 'fastmail.fm')
			AND split_part(local, '+', 1) <> '' THEN split_part(local, '+', 1) ELSE local END AS local
	FROM unquoted
), normalized AS (
	SELECT id, created_at,
		CASE WHEN domain = 'gmail.com' AND replace(local, '.', '') <> '' THEN replace(local, '.', '') ELSE local END || '@' || domain AS norm
	FROM untagged
), ranked AS (
	SELECT id, norm, row_number() OVER (PARTITION BY norm ORDER BY created_at, id) AS rank FROM normalized
)
UPDATE users SET email_normalized = CASE WHEN ranked.rank = 1 AND NOT EXISTS (
		SELECT 1 FROM users holder
		WHERE holder.email_normalized = ranked.norm AND holder.id NOT IN (SELECT id FROM ranked)
	) THEN ranked.norm END
FROM ranked WHERE users.id = ranked.id;
