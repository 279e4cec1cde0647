import { createContext, type ReactNode, startTransition, useContext, useEffect, useLayoutEffect, useState } from "react";

const HydratedContext = createContext(false);

const HYDRATED_ATTRIBUTE = "data-hydrated";

// True in the browser until the document's first hydration has committed (StaticHtml keeps the server's HTML then).
let hydratingDocument = typeof document !== "undefined";

/** Whether the browser is still hydrating the document the server sent: false on the server and after the first commit. */
export function isHydratingDocument(): boolean {
  return hydratingDocument;
}

/*
 * The input events React answers by hydrating at once when they arrive mid-hydration (react-dom 18's
 * `discreteReplayableEvents`). Remix's first render reads the page's data (inlined in the HTML) and suspends until it
 * has; a tap after `hydrateRoot` but before that first render made React render the document synchronously, meet the
 * read still pending, and give up for good (React error 345): the page never hydrated (docs/decisions/032).
 */
const INPUT_EVENTS = [
  "mousedown",
  "mouseup",
  "touchcancel",
  "touchend",
  "touchstart",
  "auxclick",
  "dblclick",
  "pointercancel",
  "pointerdown",
  "pointerup",
  "dragend",
  "dragstart",
  "drop",
  "compositionend",
  "compositionstart",
  "keydown",
  "keypress",
  "keyup",
  "input",
  "textInput",
  "copy",
  "cut",
  "paste",
  "click",
  "change",
  "contextmenu",
  "reset",
  "submit",
];
let releaseInput: (() => void) | undefined;

/**
 * Until the document's first commit, input stops at the window before React sees it: the page answers it as it does
 * without scripts (links, forms, the flip card and the menus are native), and what the reader did is taken up on
 * hydration (useInputBeforeHydration). Called by entry.client.tsx before `hydrateRoot`; HydratedProvider releases it.
 */
export function holdInputUntilHydrated(): void {
  const stopBeforeReact = (event: Event) => event.stopPropagation();
  for (const type of INPUT_EVENTS) window.addEventListener(type, stopBeforeReact, { capture: true });
  releaseInput = () => {
    for (const type of INPUT_EVENTS) window.removeEventListener(type, stopBeforeReact, { capture: true });
  };
}

// A layout effect runs after the commit and before every passive effect; the server runs neither.
const useReleaseInputOnCommit =
  typeof document === "undefined"
    ? () => {}
    : () =>
        useLayoutEffect(() => {
          releaseInput?.();
        }, []);

/**
 * Turns `useHydrated()` true once the document has hydrated (entry.client.tsx wraps the app in it). The switch is a
 * transition: React renders the script-only controls it reveals in slices that leave the main thread free, where a
 * store-based hook re-renders every such component in one synchronous task on load (docs/decisions/031-first-paint-styles-fonts-icons.md).
 */
export function HydratedProvider({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  // Before any component's effect: effects may hand the page input the reader gave before hydration (access-form.tsx).
  useReleaseInputOnCommit();
  useEffect(() => {
    hydratingDocument = false;
    // Shows the controls the server rendered hidden (.script-only in app/tailwind.css): no re-render needed for them.
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
    startTransition(() => setHydrated(true));
  }, []);
  return <HydratedContext.Provider value={hydrated}>{children}</HydratedContext.Provider>;
}

/**
 * False during server rendering and the hydration pass, true afterwards: controls that need
 * JavaScript (speech, clipboard) render only when it is running.
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}
