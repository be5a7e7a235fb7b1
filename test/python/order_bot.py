"""A conversation with reply keyboards, in the manner of python-telegram-bot 13's conversation
example: /start asks tea or coffee, then milk or not, each with a ReplyKeyboardMarkup; an answer
that is not on the keyboard is asked again; the order removes the keyboard (ReplyKeyboardRemove).

Environment: see harness.py.
"""
from harness import run, updater_from_env
from telegram import ReplyKeyboardMarkup, ReplyKeyboardRemove
from telegram.ext import CommandHandler, ConversationHandler, Filters, MessageHandler

DRINK, MILK = range(2)


def keyboard(*choices):
    return ReplyKeyboardMarkup([list(choices)], one_time_keyboard=True, resize_keyboard=True)


def start(update, context):
    update.message.reply_text("Tea or coffee?", reply_markup=keyboard("Tea", "Coffee"))
    return DRINK


def drink(update, context):
    context.user_data["drink"] = update.message.text.lower()
    update.message.reply_text("With milk?", reply_markup=keyboard("Yes", "No"))
    return MILK


def milk(update, context):
    with_milk = "with" if update.message.text == "Yes" else "without"
    update.message.reply_text(
        f"One {context.user_data['drink']} {with_milk} milk, coming up.",
        reply_markup=ReplyKeyboardRemove(),
    )
    return ConversationHandler.END


def ask_again(update, context):
    update.message.reply_text("Please answer with the keyboard.")


def cancel(update, context):
    update.message.reply_text("Order cancelled.", reply_markup=ReplyKeyboardRemove())
    return ConversationHandler.END


def main():
    updater = updater_from_env()
    other_text = Filters.text & ~Filters.command
    updater.dispatcher.add_handler(
        ConversationHandler(
            entry_points=[CommandHandler("start", start)],
            states={
                DRINK: [
                    MessageHandler(Filters.regex("^(Tea|Coffee)$"), drink),
                    MessageHandler(other_text, ask_again),
                ],
                MILK: [
                    MessageHandler(Filters.regex("^(Yes|No)$"), milk),
                    MessageHandler(other_text, ask_again),
                ],
            },
            fallbacks=[CommandHandler("cancel", cancel)],
        )
    )
    run(updater)


if __name__ == "__main__":
    main()
