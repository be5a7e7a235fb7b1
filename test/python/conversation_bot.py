"""An unmodified python-telegram-bot (v13, Debian's python3-python-telegram-bot) conversation bot in
webhook mode, pointed at Parley with the library's usual base_url option.

Usage: conversation_bot.py API_ROOT TOKEN PORT
Prints READY once its webhook is set; runs until SIGTERM.
"""
import sys
import warnings

warnings.filterwarnings("ignore")

from telegram.ext import (  # noqa: E402
    CommandHandler,
    ConversationHandler,
    Filters,
    MessageHandler,
    Updater,
)

NAME, COLOUR = range(2)


def start(update, context):
    update.message.reply_text("Hi! What is your name?")
    return NAME


def name(update, context):
    context.user_data["name"] = update.message.text
    update.message.reply_text(f"Nice to meet you, {update.message.text}. Your favourite colour?")
    return COLOUR


def colour(update, context):
    update.message.reply_text(f"{context.user_data['name']} likes {update.message.text}. Bye!")
    return ConversationHandler.END


def cancel(update, context):
    update.message.reply_text("Cancelled.")
    return ConversationHandler.END


def main():
    api_root, token, port = sys.argv[1], sys.argv[2], int(sys.argv[3])
    updater = Updater(token, base_url=f"{api_root}/bot", base_file_url=f"{api_root}/file/bot")
    updater.dispatcher.add_handler(
        ConversationHandler(
            entry_points=[CommandHandler("start", start)],
            states={
                NAME: [MessageHandler(Filters.text & ~Filters.command, name)],
                COLOUR: [MessageHandler(Filters.text & ~Filters.command, colour)],
            },
            fallbacks=[CommandHandler("cancel", cancel)],
        )
    )
    updater.start_webhook(
        listen="127.0.0.1",
        port=port,
        url_path="hook",
        webhook_url=f"http://127.0.0.1:{port}/hook",
    )
    print("READY", flush=True)
    updater.idle()


if __name__ == "__main__":
    main()
