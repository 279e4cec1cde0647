import type { EmailMessage } from "./send.server";
import { layout } from "./templates.server";

/** The emails of a gift (docs/decisions/047-gifts.md): the giver's receipt, the recipient's gift, and what a refund ends. */

export function giftReceiptEmail(
  to: string,
  input: { amount: string; recipientName: string; recipientEmail: string; deliveryDay: string; manageLink: string; supportEmail: string },
): EmailMessage {
  return layout({
    to,
    subject: `Your LIGHT Cards gift receipt: a lifetime pass for ${input.recipientName}`,
    intro: `Thank you! You paid ${input.amount} once for a gift: lifetime access to LIGHT Cards for ${input.recipientName} (${input.recipientEmail}). We will email it to them on ${input.deliveryDay}, with your message and a link to claim it.`,
    action: "Manage your gift",
    link: input.manageLink,
    outro: `Until ${input.recipientName} claims it you can change their address or the day, and send it again, from that page (keep this link private: it manages the gift). A refund within 30 days cancels the gift, and ends it if already claimed; write to ${input.supportEmail}.`,
  });
}

export function giftEmail(
  to: string,
  input: { giverName: string; recipientName: string; message: string; claimLink: string; validUntil: string },
): EmailMessage {
  const message = input.message ? ` Their message: “${input.message}”` : "";
  return layout({
    to,
    subject: `${input.giverName} gave you LIGHT Cards`,
    intro: `Dear ${input.recipientName}, ${input.giverName} has given you lifetime access to LIGHT Cards, a collection of Scripture affirmation cards.${message}`,
    action: "Claim your gift",
    link: input.claimLink,
    outro: `The link works once, until ${input.validUntil}. Claiming signs you in; nothing to pay, no card details.`,
  });
}

/** To the giver: a refund cancelled the gift (or ended it, once claimed). */
export function giftRefundedEmail(to: string, input: { recipientName: string; claimed: boolean; appOrigin: string }): EmailMessage {
  return layout({
    to,
    subject: "Your LIGHT Cards gift was refunded",
    intro: input.claimed
      ? `We refunded your gift for ${input.recipientName} in full, and the access it gave them has ended.`
      : `We refunded your gift for ${input.recipientName} in full, and cancelled it: its link no longer works.`,
    action: "Visit LIGHT Cards",
    link: input.appOrigin,
    outro: "Refunds usually reach your statement within 5 to 10 business days.",
  });
}

/** To the recipient of a claimed gift whose payment was refunded. */
export function giftAccessEndedEmail(to: string, input: { giverName: string; appOrigin: string }): EmailMessage {
  return layout({
    to,
    subject: "Your LIGHT Cards gift has ended",
    intro: `The payment for the gift ${input.giverName} gave you was refunded, so the access it gave you has ended.`,
    action: "Visit LIGHT Cards",
    link: input.appOrigin,
    outro: "You can buy the collection yourself at any time.",
  });
}
