"""A chat member bot in the manner of python-telegram-bot 13's chat member example.

my_chat_member: the bot keeps the groups it is in, says hello (mentioning who added it) when it is
added, and thanks whoever makes it an administrator. chat_member (sent only to administrators that
ask for it in allowed_updates): people who join are welcomed and people who go are seen off, each
with mentions (User.mention_html). /groups lists the groups the bot is in.

Environment: see harness.py.
"""
from harness import run, updater_from_env
from telegram import ChatMember, ParseMode, Update
from telegram.ext import ChatMemberHandler, CommandHandler

PRESENT = (ChatMember.CREATOR, ChatMember.ADMINISTRATOR, ChatMember.MEMBER)


def is_present(member):
    if member.status == ChatMember.RESTRICTED:
        return bool(member.is_member)
    return member.status in PRESENT


def change_of(update):
    """(was present, is present) for the member whose status changed."""
    change = update.chat_member or update.my_chat_member
    return is_present(change.old_chat_member), is_present(change.new_chat_member)


def track_groups(update, context):
    change = update.my_chat_member
    chat = change.chat
    if chat.type == chat.PRIVATE:
        return
    groups = context.bot_data.setdefault("groups", {})
    was, now = change_of(update)
    cause = change.from_user.mention_html()
    if now and not was:
        groups[chat.id] = chat.title
        chat.send_message(
            f"Hello! {cause} added me to {chat.title}. "
            "Make me an administrator and I will greet newcomers.",
            parse_mode=ParseMode.HTML,
        )
    elif was and not now:
        groups.pop(chat.id, None)
    elif change.new_chat_member.status == ChatMember.ADMINISTRATOR and (
        change.old_chat_member.status != ChatMember.ADMINISTRATOR
    ):
        chat.send_message(
            f"Thank you, {cause}: I will greet newcomers.", parse_mode=ParseMode.HTML
        )


def greet_members(update, context):
    change = update.chat_member
    was, now = change_of(update)
    member = change.new_chat_member.user
    cause = change.from_user
    if now and not was:
        text = (
            f"{member.mention_html()} joined. Welcome!"
            if cause.id == member.id
            else f"{member.mention_html()} was added by {cause.mention_html()}. Welcome!"
        )
    elif was and not now:
        text = (
            f"{member.mention_html()} is no longer with us."
            if cause.id == member.id
            else f"{member.mention_html()} was removed by {cause.mention_html()}."
        )
    else:
        return
    change.chat.send_message(text, parse_mode=ParseMode.HTML)


def list_groups(update, context):
    titles = sorted(context.bot_data.get("groups", {}).values())
    update.message.reply_text("I am in: " + (", ".join(titles) or "no group"))


def main():
    updater = updater_from_env()
    dispatcher = updater.dispatcher
    dispatcher.add_handler(ChatMemberHandler(track_groups, ChatMemberHandler.MY_CHAT_MEMBER))
    dispatcher.add_handler(ChatMemberHandler(greet_members, ChatMemberHandler.CHAT_MEMBER))
    dispatcher.add_handler(CommandHandler("groups", list_groups))
    # chat_member is sent only to bots that ask for it.
    run(updater, allowed_updates=Update.ALL_TYPES)


if __name__ == "__main__":
    main()
