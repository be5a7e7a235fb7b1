-- Groups, supergroups and channels (src/platform/chats/groups.ts): what the chats and chat_members
-- tables of 001 do not hold.

-- JSON ChatPermissions of a group or supergroup; NULL means everything is allowed.
ALTER TABLE chats ADD COLUMN permissions TEXT;
-- A group upgraded to a supergroup: the supergroup's id.
ALTER TABLE chats ADD COLUMN migrated_to_id INTEGER;

CREATE TABLE chat_invite_links (
  link TEXT PRIMARY KEY,
  chat_pk INTEGER NOT NULL,
  creator_id INTEGER NOT NULL,
  name TEXT,
  expire_date INTEGER,
  member_limit INTEGER,
  creates_join_request INTEGER NOT NULL DEFAULT 0,
  is_primary INTEGER NOT NULL DEFAULT 0,
  is_revoked INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);

CREATE INDEX chat_invite_links_chat ON chat_invite_links (chat_pk);

-- Pending requests to join through a link with creates_join_request; deleted when processed.
CREATE TABLE chat_join_requests (
  chat_pk INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  invite_link TEXT,
  date INTEGER NOT NULL,
  PRIMARY KEY (chat_pk, user_id)
) WITHOUT ROWID;
