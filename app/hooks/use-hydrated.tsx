import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from "react";

const HydratedContext = createContext(false);

const HYDRATED_ATTRIBUTE = "data-hydrated";

// True in the browser until the document's first hydration has committed (StaticHtml keeps the server's HTML then).
let hydratingDocument = typeof document !== "undefined";

/** Whether the browser is still hydrating the document the server sent: false on the server and after the first commit. */
export function isHydratingDocument(): boolean {
  return hydratingDocument;
}

/**
 * Turns `useHydrated()` true once the document has hydrated (entry.client.tsx wraps the app in it). The switch is a
 * transition: React renders the script-only controls it reveals in slices that leave the main thread free, where a
 * store-based hook re-renders every such component in one synchronous task on load (docs/decisions/031-first-paint-styles-fonts-icons.md).
 */
export function HydratedProvider({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
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
