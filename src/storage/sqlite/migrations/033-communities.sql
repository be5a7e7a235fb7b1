-- Communities (issue 26, ADR 0077, ports/communities.ts): a name and an owner under an id of up to
-- 52 bits, and the supergroups and channels in each; a chat is in at most one community (its pk is
-- the key of community_chats).
CREATE TABLE communities (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  owner_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX communities_by_owner ON communities (owner_id, created_at);
CREATE TABLE community_chats (
  chat_pk INTEGER PRIMARY KEY,
  community_id INTEGER NOT NULL REFERENCES communities (id),
  added_at INTEGER NOT NULL
);
CREATE INDEX community_chats_by_community ON community_chats (community_id, added_at);
