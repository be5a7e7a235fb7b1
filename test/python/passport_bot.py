"""A Passport bot with python-telegram-bot 13: the Updater is given the bot's private key
(`private_key=`), so the library decrypts passport_data itself. On a message with passport_data the
bot reads the decrypted values and files, sets two errors with set_passport_data_errors (a data
field of personal_details and the passport's front side, by the hashes of the decrypted
credentials) and replies with what it read, as JSON.

Environment: see harness.py; PASSPORT_KEY_FILE is the PEM file of the bot's private key.
"""
import io
import json
import os

from harness import print_traceback, run
from telegram import PassportElementErrorDataField, PassportElementErrorFrontSide
from telegram.ext import Filters, MessageHandler, Updater


def on_passport(update, context):
    passport = update.message.passport_data
    credentials = passport.decrypted_credentials
    read = {"nonce": credentials.nonce}
    for element in passport.decrypted_data:
        if element.type == "personal_details":
            read["first_name"] = element.data.first_name
            read["last_name"] = element.data.last_name
        elif element.type == "passport":
            read["document_no"] = element.data.document_no
            out = io.BytesIO()
            element.front_side.get_file().download(out=out)
            read["front_side"] = out.getvalue().hex()
        elif element.type == "email":
            read["email"] = element.email
    secure = credentials.secure_data
    ok = context.bot.set_passport_data_errors(
        update.effective_user.id,
        [
            PassportElementErrorDataField(
                "personal_details", "last_name", secure.personal_details.data.data_hash, "Check the spelling"
            ),
            PassportElementErrorFrontSide("passport", secure.passport.front_side.file_hash, "Too dark"),
        ],
    )
    read["errors_set"] = ok
    update.message.reply_text(json.dumps(read, sort_keys=True))


def main():
    root = os.environ["PARLEY_URL"]
    with open(os.environ["PASSPORT_KEY_FILE"], "rb") as key:
        private_key = key.read()
    updater = Updater(
        os.environ["BOT_TOKEN"],
        base_url=f"{root}/bot",
        base_file_url=f"{root}/file/bot",
        private_key=private_key,
    )
    updater.dispatcher.add_error_handler(print_traceback)
    updater.dispatcher.add_handler(MessageHandler(Filters.passport_data, on_passport))
    run(updater)


if __name__ == "__main__":
    main()
