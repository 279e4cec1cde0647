import { type RefObject, useEffect, useRef } from "react";

/**
 * Calls `onSeen` once, the first time most of the element has been on the screen (a reader who scrolled to it), as
 * long as the page shows the same `key` (a card page's card). Needs JavaScript, like every activity the browser records.
 */
export function useSeenOnce(element: RefObject<HTMLElement | null>, key: string, onSeen: (() => void) | undefined) {
  const latest = useRef(onSeen);
  latest.current = onSeen;
  const enabled = Boolean(onSeen);
  useEffect(() => {
    const target = element.current;
    if (!target || !enabled || !key || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        latest.current?.();
      },
      { threshold: 0.6 },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, key, enabled]);
}
