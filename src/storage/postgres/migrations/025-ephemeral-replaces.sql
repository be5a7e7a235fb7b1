-- Ephemeral messages shown in place of a message (Bot API 10.3 replace_callback_query_message,
-- issue 26, ADR 0096): the id of the chat's message the receiver sees this one instead of (the
-- message of the callback query it answers), or NULL when it is shown beside the chat's messages.
ALTER TABLE ephemeral_messages ADD COLUMN replaces_message_id BIGINT;
