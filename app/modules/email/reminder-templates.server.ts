import type { Card } from "~/modules/cards/card";
import type { EmailMessage } from "./send.server";
import { escapeHtml, PRODUCT } from "./templates.server";

/**
 * The evening reminder (docs/decisions/049-reminders.md): today's card again, and the evening check's one question on
 * /today. Like the daily card, it names its unsubscribe page in the body and the one-click address in the headers.
 */
export function eveningReminderEmail(
  to: string,
  input: { card: Pick<Card, "title" | "affirmation">; eveningLink: string; unsubscribe: { page: string; oneClick: string } },
): EmailMessage {
  const { card } = input;
  const question = "How did today's card go?";
  const action = "Answer the evening check";
  const footer = "You receive this evening reminder because you asked for it in Settings.";
  const text = [
    `${question} Today's card: ${card.title}`,
    card.affirmation,
    `${action}: ${input.eveningLink}`,
    `${footer} Unsubscribe: ${input.unsubscribe.page}`,
    `— ${PRODUCT}`,
  ].join("\n\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<h1 style="font-size:20px;color:#3d5a40">${escapeHtml(question)}</h1>
<p>Today's card: ${escapeHtml(card.title)}</p>
<p style="font-size:18px;font-weight:bold">${escapeHtml(card.affirmation)}</p>
<p><a href="${escapeHtml(input.eveningLink)}" style="display:inline-block;background:#5b3f99;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(footer)} <a href="${escapeHtml(input.unsubscribe.page)}">Unsubscribe</a>.</p>
<p>— ${PRODUCT}</p>
</body></html>`;
  return {
    to,
    subject: `This evening: ${card.title}`,
    text,
    html,
    headers: { "List-Unsubscribe": `<${input.unsubscribe.oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
