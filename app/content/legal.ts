/**
 * The shop's policies: Terms, Privacy and Refund policy, as the owner writes them. Edit the words here; the pages
 * (/terms, /privacy, /refund-policy), the footer, the checkout and the receipt emails all read this file.
 *
 * Each section is a heading and its paragraphs, in plain text. `{price}` and `{supportEmail}` are filled in from the
 * configuration (PRICE_CENTS, SUPPORT_EMAIL), so a price change needs no edit here. Change `updated` when the words
 * change.
 */
import { LEGAL_LINKS, type LegalPath } from "./legal-links";

export type LegalSection = { heading: string; paragraphs: string[] };
export type LegalPage = {
  path: LegalPath;
  /** The page's heading and the <title>. */
  title: string;
  /** How links to it read (footer, checkout, emails: legal-links.ts). */
  linkLabel: string;
  /** One line under the heading: what the page is, for the search result and the reader in a hurry. */
  summary: string;
  updated: string;
  sections: LegalSection[];
};

const terms: LegalPage = {
  path: "/terms",
  title: "Terms of Sale and Use",
  linkLabel: linkLabelOf("/terms"),
  summary: "What you buy, what you may do with it, and what we promise.",
  updated: "2026-11-27",
  sections: [
    {
      heading: "What you buy",
      paragraphs: [
        "LIGHT Cards is a digital collection of Scripture-based affirmation cards. You pay {price} once and get lifetime access to the whole collection: the cards in the app, their images, and the printable PDF.",
        "There is no subscription and nothing renews. “Lifetime” means for as long as LIGHT Cards is offered; if we ever stop offering it, we will tell buyers at least 90 days ahead so they can download the PDF and the card images they want to keep.",
      ],
    },
    {
      heading: "Paying",
      paragraphs: [
        "Payments are taken by Stripe. The price is shown before you pay and includes any sales tax or VAT that applies where you live. We never see or store your card number.",
        "Access starts as soon as the payment is confirmed. Your receipt is emailed to the address you paid with, with a link to sign in.",
      ],
    },
    {
      heading: "Your account",
      paragraphs: [
        "Access belongs to the email address that paid (or that was given access). Keep that mailbox safe: a sign-in link sent to it opens your account.",
        "Please keep your access to yourself. To give the collection to someone else, buy it for them or write to us.",
      ],
    },
    {
      heading: "What you may do with the cards",
      paragraphs: [
        "You may read, print, speak, download and share the cards for your own personal, church, small-group or family use, and share a single card with friends using the share buttons.",
        "You may not resell the collection, publish it as a whole, or offer it for download elsewhere. The Scripture quotations are from the King James Version and the World English Bible, both in the public domain; the affirmations, reflections and designs are ours.",
      ],
    },
    {
      heading: "The 30-day guarantee",
      paragraphs: [
        "If LIGHT Cards is not for you, you may have a full refund within 30 days of paying, for any reason. See the Refund policy for how.",
      ],
    },
    {
      heading: "Our part",
      paragraphs: [
        "We work to keep the app available and your data safe, but the service is provided as it is, and it may be unavailable now and then. The cards are devotional material: they are not medical, legal or professional advice.",
        "As far as the law allows, our liability to you is limited to the amount you paid. Nothing here takes away rights you have under the consumer law of the place you live.",
      ],
    },
    {
      heading: "Changes and questions",
      paragraphs: [
        "If we change these terms, the date above changes, and a change never takes away access you already paid for. Questions are welcome at {supportEmail}.",
      ],
    },
  ],
};

const privacy: LegalPage = {
  path: "/privacy",
  title: "Privacy Policy",
  linkLabel: linkLabelOf("/privacy"),
  summary: "What we keep about you, why, who helps us, and how to take it with you or delete it.",
  updated: "2026-11-27",
  sections: [
    {
      heading: "What we keep",
      paragraphs: [
        "Your account: your email address, your name if you give it, your password as a one-way hash if you choose one, your time zone (so your day starts at the right hour) and when you last signed in.",
        "Your purchase: the amount, the date and Stripe's reference for the payment. We never see your card number.",
        "What you do in the app: your favourite cards, your streak and badges, and, only if you write or record them, your reflections and your voice recordings. These are yours alone: no one at LIGHT Cards reads them, and they are never shown to anyone else.",
      ],
    },
    {
      heading: "Email",
      paragraphs: [
        "We email you receipts, sign-in links and password links when you ask for them. The daily card email goes only to those who switch it on, and every one has an unsubscribe link. We send news only to those who agreed to it, and never sell or rent your address.",
      ],
    },
    {
      heading: "Cookies",
      paragraphs: [
        "We use only the app's own cookies: they keep you signed in, carry a short message or a step of the checkout from one page to the next, remember your time zone, and let us test which wording of the home page helps visitors best (those hold a random number, not who you are). We use no advertising or tracking cookies from other companies.",
      ],
    },
    {
      heading: "Who helps us",
      paragraphs: [
        "Cloudflare hosts the app and its data; Stripe takes payments; Resend delivers our email. Each handles your data only to provide that service to us.",
      ],
    },
    {
      heading: "Your choices",
      paragraphs: [
        "In Settings you can download everything we keep about you, and delete your account, which deletes your data with it. We keep the record of a payment as long as the tax law requires.",
        "For anything else, including a correction or a question about your data, write to {supportEmail}.",
      ],
    },
  ],
};

const refunds: LegalPage = {
  path: "/refund-policy",
  title: "Refund Policy",
  linkLabel: linkLabelOf("/refund-policy"),
  summary: "A full refund within 30 days of paying, for any reason.",
  updated: "2026-11-27",
  sections: [
    {
      heading: "The 30-day guarantee",
      paragraphs: [
        "If LIGHT Cards is not right for you, you get your {price} back in full within 30 days of paying. You do not need to give a reason.",
      ],
    },
    {
      heading: "How to ask",
      paragraphs: [
        "Write to {supportEmail} from the address you paid with, or use the refund option in your account where it is offered. We refund to the card or wallet you paid with, and Stripe usually returns the money to your statement within 5 to 10 business days.",
      ],
    },
    {
      heading: "What a refund ends",
      paragraphs: [
        "A refund ends your access to the cards. Your own words (your journal) stay yours: you can still sign in to read, download or delete them.",
      ],
    },
    {
      heading: "After 30 days",
      paragraphs: [
        "After 30 days purchases are final, but if something went wrong (you paid twice, or could not get in), write to us: a second payment for an address that already has access is refunded automatically, and we will always help.",
      ],
    },
  ],
};

export const LEGAL_PAGES: readonly LegalPage[] = [terms, privacy, refunds];

function linkLabelOf(path: LegalPath): string {
  return LEGAL_LINKS.find((link) => link.path === path)?.linkLabel ?? path;
}

/** The page at a path. */
export function legalPage(path: LegalPage["path"]): LegalPage {
  const page = LEGAL_PAGES.find((candidate) => candidate.path === path);
  if (!page) throw new Error(`No legal page at ${path}`);
  return page;
}

/** A paragraph with the configured price and support address filled in. */
export function fillLegalText(text: string, values: { price: string; supportEmail: string }): string {
  return text.replaceAll("{price}", values.price).replaceAll("{supportEmail}", values.supportEmail);
}

/** A page with its placeholders filled in, ready to render. */
export function filledLegalPage(path: LegalPage["path"], values: { price: string; supportEmail: string }): LegalPage {
  const page = legalPage(path);
  return {
    ...page,
    sections: page.sections.map((section) => ({ ...section, paragraphs: section.paragraphs.map((text) => fillLegalText(text, values)) })),
  };
}
