import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";

/**
 * Goes to `to` after `delayMs` (the spec's 3-second redirects). Without JavaScript the action's
 * `Refresh` header does the same.
 */
export function useDelayedRedirect(to: string | null, delayMs: number) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!to) return;
    const timer = setTimeout(() => navigate(to), delayMs);
    return () => clearTimeout(timer);
  }, [to, delayMs, navigate]);
}

/** The header a document response carries to redirect after a delay, JavaScript or not. */
export function refreshHeader(to: string, delayMs: number): Record<string, string> {
  return { Refresh: `${Math.round(delayMs / 1000)}; url=${to}` };
}
