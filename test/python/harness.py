"""What the example bots in this folder share: an Updater of python-telegram-bot 13 pointed at
Parley with the library's usual base_url option, and a run loop.

Environment:
  PARLEY_URL    the server root, e.g. http://127.0.0.1:8081
  BOT_TOKEN     the bot's token
  WEBHOOK_PORT  if set, the bot takes its updates by webhook on 127.0.0.1:PORT/hook;
                otherwise by long polling (Updater.start_polling)

The bot prints READY once updates can reach it and stops cleanly on SIGTERM. Every error a handler
raises, and every error of the polling loop, is printed to stderr as a Python traceback: the tests
fail when they find one (python-telegram-bot catches them and would otherwise go on silently).
"""
import logging
import os
import signal
import sys
import traceback
import warnings

# Debian's package warns that it uses the system's urllib3; that is not a failure.
warnings.filterwarnings("ignore")

from telegram.ext import Updater  # noqa: E402

# Seconds a getUpdates long poll is held; stopping waits for the one in flight, so keep it short.
POLL_TIMEOUT = 1


def updater_from_env():
    root = os.environ["PARLEY_URL"]
    updater = Updater(
        os.environ["BOT_TOKEN"],
        base_url=f"{root}/bot",
        base_file_url=f"{root}/file/bot",
    )
    updater.dispatcher.add_error_handler(print_traceback)
    return updater


def print_traceback(update, context):
    error = context.error
    traceback.print_exception(type(error), error, error.__traceback__, file=sys.stderr)
    sys.stderr.flush()


def run(updater, allowed_updates=None):
    # Errors outside handlers (a thread of the library dying) reach stderr through logging.
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    # Blocked before the library starts its threads, so that they inherit the mask and the signal
    # is taken by sigwait below rather than by whichever thread runs.
    stop_signals = {signal.SIGTERM, signal.SIGINT}
    signal.pthread_sigmask(signal.SIG_BLOCK, stop_signals)
    port = os.environ.get("WEBHOOK_PORT")
    if port:
        updater.start_webhook(
            listen="127.0.0.1",
            port=int(port),
            url_path="hook",
            webhook_url=f"http://127.0.0.1:{port}/hook",
            allowed_updates=allowed_updates,
        )
    else:
        updater.start_polling(
            poll_interval=0, timeout=POLL_TIMEOUT, allowed_updates=allowed_updates
        )
    print("READY", flush=True)
    signal.sigwait(stop_signals)
    updater.stop()
