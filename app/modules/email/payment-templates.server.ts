/** The emails about a payment: the receipt, the refunds and a lost dispute (docs/decisions/006, 050-codes-and-refunds.md). */
import type { EmailMessage } from "./send.server";
import { layout, PRODUCT } from "./templates.server";

/**
 * The receipt tells the buyer how they will sign in: with their password if they have one, otherwise with emailed
 * links (or a password they choose with "Forgot password?"), never with a password they do not have.
 */
export function receiptEmail(
  to: string,
  input: {
    amount: string;
    cardCount: number;
    signInLink: string;
    /** The sign-in page with its "Email me a sign-in link" form open (/login?link=1). */
    newLinkPage: string;
    collectionLink: string;
    supportEmail: string;
    hasPassword: boolean;
    appOrigin: string;
  },
): EmailMessage {
  const later = input.hasPassword
    ? "Afterwards, sign in with your password or ask for a new link on the sign-in page."
    : "You have no password yet, so afterwards ask for a new sign-in link on the sign-in page, or choose a password there with “Forgot password?” (or in Settings once you are signed in: “Set a password”).";
  return layout({
    to,
    subject: `Your ${PRODUCT} receipt: lifetime access`,
    intro: `Thank you for your purchase! You paid ${input.amount} once for lifetime access to all ${input.cardCount} cards. The 30-day guarantee applies: refund it yourself in Settings within 30 days, or write to ${input.supportEmail}.`,
    action: "Sign in to your collection",
    link: input.signInLink,
    outro: `This sign-in link works once, for 15 minutes. ${later} A new sign-in link, any time: ${input.newLinkPage} Your collection lives at: ${input.collectionLink}`,
    policies: { origin: input.appOrigin },
  });
}

export function refundEmail(to: string, input: { amount: string; supportEmail: string; appOrigin: string }): EmailMessage {
  return layout({
    to,
    subject: `Your ${PRODUCT} refund`,
    intro: `We refunded your payment of ${input.amount} in full, and your access to the collection has ended. Thank you for trying ${PRODUCT}; questions are welcome at ${input.supportEmail}.`,
    action: `Visit ${PRODUCT}`,
    link: input.appOrigin,
    outro: "You can buy the collection again at any time.",
    policies: { origin: input.appOrigin },
  });
}

/** A second payment by someone who already had access: refunded at once, access unchanged. */
export function duplicatePaymentRefundEmail(to: string, input: { amount: string; supportEmail: string; appOrigin: string }): EmailMessage {
  return layout({
    to,
    subject: `We refunded your second ${PRODUCT} payment`,
    intro: `This email already had lifetime access to ${PRODUCT}, so we refunded your latest payment of ${input.amount} in full. Nothing else changes: your access stays as it was. Questions are welcome at ${input.supportEmail}.`,
    action: "Open Your Collection",
    link: `${input.appOrigin}/cards`,
    outro: "Refunds usually reach your statement within 5 to 10 business days.",
    policies: { origin: input.appOrigin },
  });
}

/** A card dispute the buyer won: the payment went back to them, so access has ended. */
export function disputeLostEmail(to: string, input: { amount: string; supportEmail: string; appOrigin: string }): EmailMessage {
  return layout({
    to,
    subject: `Your ${PRODUCT} payment was returned`,
    intro: `Your bank returned your payment of ${input.amount} after a dispute, and your access to the collection has ended. If this was a mistake, write to ${input.supportEmail}.`,
    action: `Visit ${PRODUCT}`,
    link: input.appOrigin,
    outro: "You can buy the collection again at any time.",
  });
}
