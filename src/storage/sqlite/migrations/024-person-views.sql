-- The web client lists a person's chats (ports/person-views.ts): members by user, private chats by
-- their second participant (the pair's unique index already serves user_a).
CREATE INDEX chat_members_by_user ON chat_members (user_id);
CREATE INDEX chats_by_user_b ON chats (user_b) WHERE user_b IS NOT NULL;
