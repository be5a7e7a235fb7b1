"""A poll bot in the manner of python-telegram-bot 13's poll example.

/poll sends a poll that is not anonymous and allows several answers; each poll_answer is answered
in the poll's chat with a mention of the voter (User.mention_html, a text_mention entity), and the
poll is closed once CLOSE_AFTER people have voted. /quiz sends an anonymous quiz, which only gives
`poll` updates: when one shows a vote the quiz is closed and the result told.

Environment: see harness.py.
"""
from harness import run, updater_from_env
from telegram import ParseMode, Poll
from telegram.ext import CommandHandler, PollAnswerHandler, PollHandler

MOODS = ["Fine", "Tired", "Curious"]
CLOSE_AFTER = 1
PLANETS = ["Mars", "Jupiter", "Venus"]
LARGEST = 1


def poll(update, context):
    message = context.bot.send_poll(
        update.effective_chat.id,
        "How are you today?",
        MOODS,
        is_anonymous=False,
        allows_multiple_answers=True,
    )
    # The library's example keys what it needs later by poll id: poll_answer carries no chat.
    context.bot_data[message.poll.id] = {
        "chat_id": update.effective_chat.id,
        "message_id": message.message_id,
        "voters": 0,
    }


def poll_answer(update, context):
    answer = update.poll_answer
    asked = context.bot_data.get(answer.poll_id)
    if asked is None or not answer.option_ids:
        return
    moods = " and ".join(MOODS[i] for i in answer.option_ids)
    context.bot.send_message(
        asked["chat_id"],
        f"{answer.user.mention_html()} feels {moods}!",
        parse_mode=ParseMode.HTML,
    )
    asked["voters"] += 1
    if asked["voters"] >= CLOSE_AFTER:
        context.bot.stop_poll(asked["chat_id"], asked["message_id"])


def quiz(update, context):
    message = update.message.reply_poll(
        "Which planet is the largest?", PLANETS, type=Poll.QUIZ, correct_option_id=LARGEST
    )
    context.bot_data[message.poll.id] = {
        "chat_id": update.effective_chat.id,
        "message_id": message.message_id,
        "quiz": True,
    }


def quiz_update(update, context):
    state = update.poll
    asked = context.bot_data.get(state.id)
    # Polls the bot sends give `poll` updates too, and so does closing one.
    if asked is None or not asked.get("quiz") or state.is_closed or state.total_voter_count < 1:
        return
    closed = context.bot.stop_poll(asked["chat_id"], asked["message_id"])
    right = closed.options[LARGEST].voter_count
    context.bot.send_message(
        asked["chat_id"],
        f"Quiz closed: {right} of {closed.total_voter_count} knew it was {PLANETS[LARGEST]}.",
    )


def main():
    updater = updater_from_env()
    dispatcher = updater.dispatcher
    dispatcher.add_handler(CommandHandler("poll", poll))
    dispatcher.add_handler(CommandHandler("quiz", quiz))
    dispatcher.add_handler(PollAnswerHandler(poll_answer))
    dispatcher.add_handler(PollHandler(quiz_update))
    run(updater)


if __name__ == "__main__":
    main()
