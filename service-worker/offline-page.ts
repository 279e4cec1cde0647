/**
 * The page the service worker answers with when a page needs the network and none is reachable: plain HTML with its
 * style inline and no script, so it works whichever URL it stands in for (docs/decisions/025-installable-offline.md).
 */
import tailwindConfig from "../tailwind.config";

const colors = tailwindConfig.theme.extend.colors;

const OFFLINE_HEADING = "You're offline";

/**
 * A policy of its own: the page runs nothing and loads only the app's icon and the heading's font, from the cache; its
 * one form (a practice's words given back) posts to the app alone.
 */
export const OFFLINE_PAGE_POLICY =
  "default-src 'none'; img-src 'self'; font-src 'self'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/**
 * `hasCollection`: this browser keeps the buyer's cards, so the page says they still open and links the library.
 * `hasToday`: it keeps the day's practice too (decision 045), which the page links first.
 * `headingFont`: the URL of the build's core Lora file (both weights; in the shell cache), if the build has one.
 */
export function offlinePageHtml({
  hasCollection,
  hasToday = false,
  headingFont,
}: {
  hasCollection: boolean;
  hasToday?: boolean;
  headingFont: string | undefined;
}): string {
  const help = hasCollection
    ? `${hasToday ? "Today's practice, your" : "Your"} library and every card in it still open: they were saved when you last visited online.`
    : "Check your connection, then try again.";
  const links = [
    hasToday ? `<a class="secondary" href="/today">Open today's practice</a>` : "",
    hasCollection ? `<a class="secondary" href="/cards">Open my cards</a>` : "",
  ].join("");
  return documentHtml(
    headingFont,
    `<p>This page needs the network, and you are not connected right now. ${help}</p>
<a class="primary" href="">Try again</a>
${links}`,
  );
}

/** The fields of /today's forms (practice.schema.ts) the page gives back; anything else a request carries is dropped. */
export type PracticeFields = { intent: string; reflection?: string; answer?: string; note?: string; cardId?: string };

/**
 * The evening check's answers as its form labels them (EVENING_ANSWER_LABELS in app/modules/practice/practice.schema.ts,
 * which tests/unit/offline-practice-page.test.ts compares: importing it would bring zod into the worker).
 */
export const EVENING_ANSWERS: Record<string, string> = { yes: "Yes", partly: "Partly", "not-yet": "Not yet" };

const NOT_SAVED: Record<string, string> = {
  reflect: "Your reflection was not saved: saving needs the network. Here it is as you wrote it; once you are back online, try again.",
  "said-aloud": "“I said it aloud” was not recorded: it needs the network. Once you are back online, today, try again.",
  evening: "Your evening check was not saved: saving needs the network. Here it is as you gave it; once you are back online, try again.",
  practise: "Choosing today's card needs the network. Once you are back online, try again.",
};

/**
 * The answer to one of /today's forms posted with no network (before the page's scripts ran, or without them): says
 * plainly that nothing was saved, gives the buyer's words back in a form that posts them again ("Try again"), and
 * links the kept practice when there is one (docs/decisions/045-practice-listen-and-offline.md, Offline).
 */
export function practiceNotSavedHtml({
  fields,
  hasToday,
  headingFont,
}: {
  fields: PracticeFields;
  hasToday: boolean;
  headingFont: string | undefined;
}): string {
  const hidden = (name: string, value: string | undefined) =>
    value === undefined ? "" : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const words = (name: "reflection" | "note", label: string) =>
    fields[name] === undefined
      ? ""
      : `<label for="${name}">${label}</label><textarea id="${name}" name="${name}" rows="4" maxlength="1200">${escapeHtml(fields[name] ?? "")}</textarea>`;
  const answer = fields.answer && EVENING_ANSWERS[fields.answer];
  return documentHtml(
    headingFont,
    `<p>${NOT_SAVED[fields.intent] ?? "Nothing was saved: saving needs the network."}</p>
<form method="post" action="/today">
${hidden("intent", fields.intent)}${hidden("cardId", fields.cardId)}${answer ? `${hidden("answer", fields.answer)}<p class="answer">Did you live it today? <strong>${answer}</strong></p>` : ""}
${words("reflection", "Your reflection (private)")}${words("note", "Your line about it")}
<button class="primary" type="submit">Try again</button>
</form>
${hasToday ? `<a class="secondary" href="/today">Back to today's practice</a>` : ""}`,
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function documentHtml(headingFont: string | undefined, main: string): string {
  const fontFace = headingFont
    ? `@font-face { font-family: Lora; font-style: normal; font-weight: 400 700; font-display: swap; src: url(${headingFont}) format("woff2"); }`
    : "";
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${colors.sage[700]}" media="(prefers-color-scheme: light)">
<meta name="theme-color" content="${colors.sage[900]}" media="(prefers-color-scheme: dark)">
<title>${OFFLINE_HEADING} | LIGHT Cards</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
  ${fontFace}
  :root { color-scheme: light dark; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: system-ui, sans-serif;
    background: ${colors.sage[50]}; color: ${colors.ink.DEFAULT}; }
  main { box-sizing: border-box; width: 100%; max-width: 28rem; padding: 2rem 1.5rem; text-align: center; }
  img { border-radius: 1rem; }
  h1 { font-family: Lora, ui-serif, Georgia, serif; font-size: 1.875rem; margin: 1.25rem 0 0.75rem; }
  p { color: ${colors.ink.muted}; line-height: 1.6; margin: 0 0 1.75rem; }
  p.answer { color: inherit; margin-bottom: 1rem; }
  form { text-align: left; }
  label { display: block; font-weight: 600; font-size: 0.875rem; margin-bottom: 0.25rem; }
  textarea { box-sizing: border-box; width: 100%; font: inherit; font-size: 1rem; padding: 0.75rem; border-radius: 1rem;
    border: 1px solid ${colors.sage[300]}; background: #fff; color: inherit; margin-bottom: 1rem; }
  a, button { box-sizing: border-box; display: block; width: 100%; padding: 0.875rem 1.5rem; border-radius: 9999px;
    font: inherit; font-weight: 600; text-align: center; text-decoration: none; border: 0; cursor: pointer; }
  .primary { background: ${colors.sage[700]}; color: #fff; }
  a.secondary { margin-top: 0.75rem; color: ${colors.sage[800]}; text-decoration: underline; }
  a:focus-visible, button:focus-visible, textarea:focus-visible { outline: 2px solid ${colors.lavender[500]}; outline-offset: 2px; }
  @media (prefers-color-scheme: dark) {
    body { background: ${colors.sage[900]}; color: ${colors.sage[50]}; }
    p { color: ${colors.sage[200]}; }
    textarea { background: ${colors.sage[800]}; border-color: ${colors.sage[500]}; }
    .primary { background: ${colors.sage[200]}; color: ${colors.sage[900]}; }
    a.secondary { color: ${colors.sage[100]}; }
  }
</style>
</head>
<body>
<main id="main">
<img src="/icons/icon-192.png" alt="" width="72" height="72">
<h1>${OFFLINE_HEADING}</h1>
${main}
</main>
</body>
</html>
`;
}
