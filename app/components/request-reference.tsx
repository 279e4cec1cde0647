import { createContext, useContext, useState } from "react";

/**
 * The reference a 500 page shows: the failed request's id, which its log line carries (docs/decisions/029). The server
 * provides it only while drawing an error page (app/entry.server.tsx), so no other page, and none the edge cache keeps,
 * carries one. In the browser the reference is read back from the page the server drew, so hydration sees the same
 * text; an error met after a client-side navigation has no server page, and shows none.
 */
const RequestReferenceContext = createContext<string | null>(null);

export const RequestReferenceProvider = RequestReferenceContext.Provider;

const ELEMENT_ID = "request-reference";

export function RequestReference() {
  const fromServer = useContext(RequestReferenceContext);
  const [reference] = useState(
    () => fromServer ?? (typeof document === "undefined" ? null : (document.getElementById(ELEMENT_ID)?.textContent ?? null)),
  );
  if (!reference) return null;
  return (
    <p className="text-sm text-ink-muted">
      If it keeps happening, tell us this reference:{" "}
      <code id={ELEMENT_ID} className="font-mono text-ink">
        {reference}
      </code>
    </p>
  );
}
