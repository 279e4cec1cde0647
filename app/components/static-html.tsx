import { createElement, type HTMLAttributes, type ReactNode, useId, useState } from "react";
import { isHydratingDocument } from "~/hooks/use-hydrated";

type StaticTag = "div" | "section" | "footer" | "ul";

/**
 * Markup the browser never hydrates: text, lists and links with no handler of their own. The server renders the
 * children inside `as`; the document's hydration keeps that HTML as it is (React neither walks nor re-creates it,
 * docs/decisions/042-landing-main-thread.md), and only the wrapper element is React's, so handlers on it (event
 * delegation) still work. A StaticHtml first mounted later (a client-side navigation) renders its children.
 *
 * Its content is fixed for as long as it stays mounted: key it by what the content is made of (a card's id), so a
 * different card renders afresh.
 */
export function StaticHtml({ as = "div", children, ...attributes }: { as?: StaticTag; children: ReactNode } & HTMLAttributes<HTMLElement>) {
  const generatedId = useId();
  const id = attributes.id ?? generatedId;
  const [serverHtml] = useState(() => (isHydratingDocument() ? serverHtmlOf(id) : null));
  if (serverHtml === null) return createElement(as, { ...attributes, id }, children);
  return createElement(as, { ...attributes, id, suppressHydrationWarning: true, dangerouslySetInnerHTML: serverHtml });
}

/**
 * The server's HTML of the element, read only if React asks for it: hydration never does, so a page pays nothing for
 * it; a render from scratch (React's recovery from a failed hydration) gets the same HTML instead of an empty element.
 */
function serverHtmlOf(id: string): { __html: string } {
  let html: string | undefined;
  return {
    get __html() {
      html ??= document.getElementById(id)?.innerHTML ?? "";
      return html;
    },
  };
}
