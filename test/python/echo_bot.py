"""An echo bot in the manner of python-telegram-bot 13's echo example: /start greets the person with
a mention (User.mention_markdown_v2, which the platform turns into a text_mention entity), /help
says what it does, and any other text comes back as it was written.

Before Parley filled in the User of a text_mention, the library failed to read the Message that
sendMessage answered with, so the greeting handler died after its first send.

Environment: see harness.py.
"""
from harness import run, updater_from_env
from telegram.ext import CommandHandler, Filters, MessageHandler


def start(update, context):
    user = update.effective_user
    greeting = update.message.reply_markdown_v2(f"Hi {user.mention_markdown_v2()}\\!")
    # Uses what the library read from the answer: the mention's user as the bot sees it.
    mentioned = greeting.entities[0].user
    greeting.reply_text(
        f"Send me anything, {mentioned.first_name}, and I will echo it.", quote=True
    )


def help_command(update, context):
    update.message.reply_text("I repeat what you write.")


def echo(update, context):
    update.message.reply_text(update.message.text)


def main():
    updater = updater_from_env()
    dispatcher = updater.dispatcher
    dispatcher.add_handler(CommandHandler("start", start))
    dispatcher.add_handler(CommandHandler("help", help_command))
    dispatcher.add_handler(MessageHandler(Filters.text & ~Filters.command, echo))
    run(updater)


if __name__ == "__main__":
    main()
