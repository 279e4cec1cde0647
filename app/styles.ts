import { cssBundleHref } from "@remix-run/css-bundle";
import stylesheet from "~/tailwind.css";

/**
 * The app's stylesheets, in cascade order: the CSS bundle (the @font-face rules of the self-hosted fonts) and the
 * Tailwind sheet. Each URL names its content (the build hashes it), so its text never changes under that URL.
 */
export const STYLESHEET_HREFS: readonly string[] = [...(cssBundleHref ? [cssBundleHref] : []), stylesheet];

/** A stylesheet's URL and, when the server could read it, its text (inlined in the document's head). */
export type InlineStylesheet = { href: string; css: string | null };
