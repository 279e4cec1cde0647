import { useRouteLoaderData } from "@remix-run/react";
import type { Viewer } from "~/modules/access/viewer";

/** The signed-in viewer the root loader found (null for a visitor): the chrome's one source of "who is this". */
export function useViewer(): Viewer | null {
  return useRouteLoaderData<{ viewer: Viewer | null }>("root")?.viewer ?? null;
}
