"""A shop in the manner of python-telegram-bot 13's payment example: /buy sends a flexible invoice
(the test provider that accepts), shipping queries are answered with two options, the pre-checkout
query is accepted when the payload is ours, and the successful payment is thanked with its total
and charge id.

Environment: see harness.py.
"""
from harness import run, updater_from_env
from telegram import LabeledPrice, ShippingOption
from telegram.ext import CommandHandler, Filters, MessageHandler, PreCheckoutQueryHandler, ShippingQueryHandler

PROVIDER_TOKEN = "284685063:TEST:parley-accept"
PAYLOAD = "ptb-order-7"


def buy(update, context):
    context.bot.send_invoice(
        chat_id=update.message.chat_id,
        title="Green tea",
        description="A box of green tea",
        payload=PAYLOAD,
        provider_token=PROVIDER_TOKEN,
        currency="USD",
        prices=[LabeledPrice("Tea", 1000), LabeledPrice("Tax", 100)],
        need_shipping_address=True,
        is_flexible=True,
    )


def shipping(update, context):
    query = update.shipping_query
    if query.invoice_payload != PAYLOAD:
        query.answer(ok=False, error_message="Something went wrong...")
        return
    options = [
        ShippingOption("post", "Post", [LabeledPrice("Post", 300)]),
        ShippingOption("courier", "Courier", [LabeledPrice("Courier", 700)]),
    ]
    query.answer(ok=True, shipping_options=options)


def precheckout(update, context):
    query = update.pre_checkout_query
    if query.invoice_payload != PAYLOAD:
        query.answer(ok=False, error_message="Something went wrong...")
    else:
        query.answer(ok=True)


def paid(update, context):
    payment = update.message.successful_payment
    update.message.reply_text(
        f"Thank you! {payment.total_amount} {payment.currency} via {payment.shipping_option_id},"
        f" charge {payment.provider_payment_charge_id}"
    )


updater = updater_from_env()
dispatcher = updater.dispatcher
dispatcher.add_handler(CommandHandler("buy", buy))
dispatcher.add_handler(ShippingQueryHandler(shipping))
dispatcher.add_handler(PreCheckoutQueryHandler(precheckout))
dispatcher.add_handler(MessageHandler(Filters.successful_payment, paid))
run(updater)
