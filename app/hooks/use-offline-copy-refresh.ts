import { useEffect, useRef } from "react";
import { refreshOfflineCopy } from "~/modules/offline/register-service-worker";

/**
 * Brings the installed app's offline copy up to date when `data` (a page's loader data) changes after the first
 * render: a form or a recording changed the page without a page load, which is when the copy syncs otherwise
 * (docs/decisions/025-installable-offline.md). The first render's copy is the page load's own sync.
 */
export function useOfflineCopyRefresh(data: unknown): void {
  const shown = useRef(data);
  useEffect(() => {
    if (shown.current === data) return;
    shown.current = data;
    refreshOfflineCopy();
  }, [data]);
}
