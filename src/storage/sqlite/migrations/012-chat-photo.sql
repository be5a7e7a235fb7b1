-- Chat photos (setChatPhoto / deleteChatPhoto, src/platform/chats/groups.ts): the pk of the photo's
-- file row; NULL means the chat has no photo.
ALTER TABLE chats ADD COLUMN photo_file_pk INTEGER;
