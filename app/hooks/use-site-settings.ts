import { useRouteLoaderData } from "@remix-run/react";

type SiteSettings = { supportEmail: string; socialUrl: string };

/**
 * The site-wide settings (support address, social link) the root loader reads from configuration once
 * per request, so the header, the footer and the copy that names them need no loader of their own.
 */
export function useSiteSettings(): SiteSettings {
  return useRouteLoaderData<{ site: SiteSettings }>("root")?.site ?? { supportEmail: "", socialUrl: "" };
}
