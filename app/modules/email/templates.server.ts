import { LEGAL_LINKS } from "~/content/legal-links";
import { type Card, passagesOf } from "~/modules/cards/card";
import type { EmailMessage } from "./send.server";

/** Every message names the product, has a plain-text and an HTML body, and links to the app's absolute origin. */
export const PRODUCT = "LIGHT Cards";

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

type Layout = {
  to: string;
  subject: string;
  intro: string;
  action: string;
  link: string;
  outro: string;
  /** Someone's own words (an admin's message with a grant), quoted as they wrote them. */
  quote?: { by: string; text: string } | null;
  /** The shop's policies, under the receipts (app/content/legal.ts). */
  policies?: { origin: string } | null;
};

export function layout(input: Layout): EmailMessage {
  const policies = input.policies ? policyLinks(input.policies.origin) : [];
  const quoteText = input.quote ? `${input.quote.by}:\n"${input.quote.text}"\n\n` : "";
  const policyText = policies.length ? `\n\n${policies.map((policy) => `${policy.label}: ${policy.href}`).join("\n")}` : "";
  const text = `${input.intro}\n\n${quoteText}${input.action}: ${input.link}\n\n${input.outro}\n\n— ${PRODUCT}${policyText}`;
  const quoteHtml = input.quote
    ? `<p style="margin-bottom:4px">${escapeHtml(input.quote.by)}:</p>
<blockquote style="margin:0 0 16px;padding-left:12px;border-left:3px solid #b7a6dd;white-space:pre-line">${escapeHtml(input.quote.text)}</blockquote>\n`
    : "";
  const policyHtml = policies.length
    ? `\n<p style="font-size:12px;color:#4b5563">${policies.map((policy) => `<a href="${escapeHtml(policy.href)}" style="color:#4b5563">${escapeHtml(policy.label)}</a>`).join(" · ")}</p>`
    : "";
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<h1 style="font-size:20px;color:#3d5a40">${PRODUCT}</h1>
<p>${escapeHtml(input.intro)}</p>
${quoteHtml}<p><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#5b3f99;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold">${escapeHtml(input.action)}</a></p>
<p style="font-size:13px;color:#4b5563">Or paste this link into your browser: ${escapeHtml(input.link)}</p>
<p>${escapeHtml(input.outro)}</p>
<p>— ${PRODUCT}</p>${policyHtml}
</body></html>`;
  return { to: input.to, subject: input.subject, text, html };
}

/** The Terms, Privacy and Refund policy pages, as absolute links for an email. */
function policyLinks(origin: string) {
  return LEGAL_LINKS.map((page) => ({ label: page.linkLabel, href: new URL(page.path, origin).toString() }));
}

export function verificationEmail(to: string, link: string): EmailMessage {
  return layout({
    to,
    subject: `Verify your email for ${PRODUCT}`,
    intro: `Welcome to ${PRODUCT}! Please confirm that this is your email address.`,
    action: "Verify my email",
    link,
    outro: "This link is valid for 24 hours. If you did not create an account, you can ignore this email.",
  });
}

/** Also how a buyer without a password chooses one ("Forgot password?"), so the wording follows what the account has. */
export function passwordResetEmail(to: string, link: string, input: { hasPassword: boolean }): EmailMessage {
  if (!input.hasPassword) {
    return layout({
      to,
      subject: `Choose a password for ${PRODUCT}`,
      intro: "We received a request to set a password for your account. It has none yet: you have been signing in with emailed links.",
      action: "Choose a password",
      link,
      outro: "This link expires in 1 hour. If you did not ask for it, you can ignore this email: nothing changes.",
    });
  }
  return layout({
    to,
    subject: `Reset your ${PRODUCT} password`,
    intro: "We received a request to reset the password of your account.",
    action: "Choose a new password",
    link,
    outro: "This link expires in 1 hour. If you did not ask for it, you can ignore this email: your password stays the same.",
  });
}

/** A first password was chosen on a signed-in device: the mailbox hears of it and can replace it. */
export function passwordSetEmail(to: string, resetLink: string): EmailMessage {
  return layout({
    to,
    subject: `A password was set for your ${PRODUCT} account`,
    intro: `Someone signed in to your ${PRODUCT} account chose its first password just now. If that was you, there is nothing to do.`,
    action: "Not you? Reset the password",
    link: resetLink,
    outro: "Resetting it through this email address replaces the password and signs every device out.",
  });
}

export function signInLinkEmail(to: string, link: string): EmailMessage {
  return layout({
    to,
    subject: `Your ${PRODUCT} sign-in link`,
    intro: `Here is your link to sign in to ${PRODUCT} and open your collection.`,
    action: "Sign in",
    link,
    outro: "This link expires in 15 minutes and works once. If you did not ask for it, you can ignore this email.",
  });
}

/**
 * An admin granted access: the recipient hears of it, with a sign-in link and the admin's message if they wrote one.
 * The link is a sign-in link like any other (15 minutes, once); the email says how to get another.
 */
export function accessGrantedEmail(
  to: string,
  input: { signInLink: string; loginLink: string; message: string | null; cardCount: number; appOrigin: string },
): EmailMessage {
  return layout({
    to,
    subject: `You've been given ${PRODUCT}`,
    intro: `You've been given lifetime access to ${PRODUCT}: all ${input.cardCount} Scripture affirmation cards, to read, speak aloud and keep. There is nothing to pay.`,
    quote: input.message ? { by: "A note that came with it", text: input.message } : null,
    action: "Sign in and open your cards",
    link: input.signInLink,
    outro: `This sign-in link works once, for 15 minutes. After that, open ${input.loginLink} and ask for a new sign-in link with this email address (${to}); no password is needed.`,
    policies: { origin: input.appOrigin },
  });
}

/** Confirms deleting an account that has no password: the mailbox is its only key. */
export function accountDeletionEmail(to: string, link: string): EmailMessage {
  return layout({
    to,
    subject: `Confirm deleting your ${PRODUCT} account`,
    intro: `We received a request to delete your ${PRODUCT} account. Deleting it removes your favorites, progress and badges and signs you out everywhere. It cannot be undone.`,
    action: "Delete my account",
    link,
    outro: "This link expires in 30 minutes and works once. If you did not ask for it, you can ignore this email: nothing changes.",
  });
}

type DailyCardContent = {
  card: Pick<Card, "title" | "affirmation" | "scripture" | "scriptureReference" | "scriptureReferences" | "prompt">;
  /** Buyers: the card's page. Others get the sample and checkout links instead. */
  cardLink: string | null;
  sampleLink: string;
  checkoutLink: string;
  cardCount: number;
  /** The confirmation page (in the body) and the one-click address (in the headers). */
  unsubscribe: { page: string; oneClick: string };
};

/**
 * The daily card (docs/decisions/021): affirmation, verse and reference, reflection prompt, and where to go next.
 * Every value is escaped in the HTML part. The body links to the unsubscribe page; the headers carry the one-click
 * address mail providers POST to (RFC 8058).
 */
export function dailyCardEmail(to: string, input: DailyCardContent): EmailMessage {
  const { card } = input;
  const next = input.cardLink
    ? [{ label: "Open today's card", link: input.cardLink }]
    : [
        { label: "See a sample card", link: input.sampleLink },
        { label: `Unlock all ${input.cardCount} cards`, link: input.checkoutLink },
      ];
  const prompt = card.prompt?.trim() ? card.prompt.trim() : null;
  // Verses that do not follow each other are quoted separately, as in the shared text.
  const passages = passagesOf(card);
  const text = [
    `Today's card: ${card.title}`,
    card.affirmation,
    ...passages.map((passage) => `"${passage.text}"\n— ${passage.reference} (KJV)`),
    ...(prompt ? [`Reflect: ${prompt}`] : []),
    next.map((entry) => `${entry.label}: ${entry.link}`).join("\n"),
    `You receive the daily card because you asked for it. Unsubscribe: ${input.unsubscribe.page}`,
    `— ${PRODUCT}`,
  ].join("\n\n");
  const button = (entry: { label: string; link: string }) =>
    `<a href="${escapeHtml(entry.link)}" style="display:inline-block;background:#5b3f99;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold;margin:0 8px 8px 0">${escapeHtml(entry.label)}</a>`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<h1 style="font-size:20px;color:#3d5a40">${PRODUCT}: ${escapeHtml(card.title)}</h1>
<p style="font-size:18px;font-weight:bold">${escapeHtml(card.affirmation)}</p>
${passages
  .map(
    (passage) =>
      `<blockquote style="margin:16px 0;padding-left:12px;border-left:3px solid #b7a6dd">“${escapeHtml(passage.text)}”<br>— ${escapeHtml(passage.reference)} (KJV)</blockquote>`,
  )
  .join("\n")}
${prompt ? `<p><strong>Reflect:</strong> ${escapeHtml(prompt)}</p>` : ""}
<p>${next.map(button).join("")}</p>
<p style="font-size:13px;color:#4b5563">You receive the daily card because you asked for it. <a href="${escapeHtml(input.unsubscribe.page)}">Unsubscribe</a>.</p>
<p>— ${PRODUCT}</p>
</body></html>`;
  return {
    to,
    subject: `Today's card: ${card.title}`,
    text,
    html,
    headers: { "List-Unsubscribe": `<${input.unsubscribe.oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
