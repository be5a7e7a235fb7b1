"""An inline keyboard bot in the manner of python-telegram-bot 13's inline keyboard example: /start
offers three fruits as callback buttons; a press is answered with a notice and the message is
edited to show the choice and a button that brings the menu back.

Environment: see harness.py.
"""
from harness import run, updater_from_env
from telegram import InlineKeyboardButton, InlineKeyboardMarkup
from telegram.ext import CallbackQueryHandler, CommandHandler

FRUITS = ["Apple", "Banana", "Cherry"]
MENU_TEXT = "Pick a fruit:"


def menu():
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(fruit, callback_data=f"pick:{fruit}") for fruit in FRUITS]]
    )


def start(update, context):
    update.message.reply_text(MENU_TEXT, reply_markup=menu())


def pick(update, context):
    query = update.callback_query
    fruit = query.data.split(":", 1)[1]
    query.answer(f"You picked {fruit}")
    query.edit_message_text(
        f"{fruit} it is.",
        reply_markup=InlineKeyboardMarkup(
            [[InlineKeyboardButton("Start over", callback_data="menu")]]
        ),
    )


def start_over(update, context):
    query = update.callback_query
    query.answer()
    query.edit_message_text(MENU_TEXT, reply_markup=menu())


def main():
    updater = updater_from_env()
    dispatcher = updater.dispatcher
    dispatcher.add_handler(CommandHandler("start", start))
    dispatcher.add_handler(CallbackQueryHandler(pick, pattern="^pick:"))
    dispatcher.add_handler(CallbackQueryHandler(start_over, pattern="^menu$"))
    run(updater)


if __name__ == "__main__":
    main()
