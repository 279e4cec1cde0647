// The fonts' faces, cut to what the copy and the cards are written in (scripts/lib/web-fonts.ts), since every
// @font-face rule is inlined into each page's head (docs/decisions/031-first-paint-styles-fonts-icons.md).
import "~/fonts/fonts.css";
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunctionArgs } from "@remix-run/react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { InlineStylesheets } from "~/components/inline-stylesheets";
import { useNonce } from "~/components/nonce";
import { RequestReference } from "~/components/request-reference";
import { NoScriptToast, ToasterProvider } from "~/components/ui/toaster";
import { useTimeZoneCookie } from "~/hooks/use-time-zone-cookie";
import { useViewer } from "~/hooks/use-viewer";
import { getViewer } from "~/modules/access/viewer.server";
import { carriesSessionCookie } from "~/modules/auth/request-auth.server";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { isOfflineRefusal } from "~/modules/offline/form-refusal";
import { SIGNED_IN_ATTRIBUTE } from "~/modules/offline/protocol";
import { getToast } from "~/modules/toast/toast.server";

export const headers = forwardHeaders;

export const links: LinksFunction = () => [
  // No preload of the icon sprite: `as="image"` made Chromium parse it a second time as an image (an SVGImage document
  // of its own, 10-30 ms of main thread before the first paint) beside the document <use> reads (docs/decisions/031-first-paint-styles-fonts-icons.md).
  // The .ico (drawn by `npm run icons`, docs/decisions/025-installable-offline.md) for browsers that read no SVG icon.
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The installed app's home-screen icon on iOS (docs/decisions/025); the manifest is linked by Layout.
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export const meta: MetaFunction = () => [
  { title: "LIGHT Cards: Scripture-based affirmations to speak aloud" },
  {
    name: "description",
    content: "A collection of affirmation cards, each grounded in a Bible verse, with a reflection prompt to speak aloud daily.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [{ toast, headers }, viewer] = await Promise.all([getToast(context.config, request), getViewer(context, request)]);
  return data(
    {
      toast,
      viewer,
      // Only a signed-in browser reports its time zone (useTimeZoneCookie); a visitor's page never pays for it.
      reportsTimeZone: carriesSessionCookie(request),
      site: {
        supportEmail: context.config.supportEmail,
        socialUrl: context.config.socialUrl,
      },
    },
    { headers: headers ?? undefined },
  );
}

/**
 * The root's data (the flash toast, site settings) never depends on the query string: a link that only changes it
 * (the card browser's filters, which narrow the list in the browser) needs no round trip for the root.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  // A form refused offline sent nothing (/today's, docs/decisions/040): a revalidation would reload the page.
  if (isOfflineRefusal(actionResult)) return false;
  return defaultShouldRevalidate;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const viewer = useViewer();
  return (
    // A signed-in viewer's page says so to the service worker, which otherwise asks the server nothing (decision 025).
    <html lang="en" {...(viewer ? { [SIGNED_IN_ATTRIBUTE]: "" } : {})}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The manifest's theme colour (sage 700), and sage 900 in a dark theme (scripts/lib/app-icons.ts). */}
        <meta name="theme-color" content="#3d5a40" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#223325" media="(prefers-color-scheme: dark)" />
        <Meta />
        <InlineStylesheets />
        <Links />
        {viewer ? <AppManifestLink /> : null}
      </head>
      <body>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
        >
          Skip to content
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The installed app is the buyer's practice and library (the manifest starts at /today), so only a signed-in viewer's pages offer
 * it. A visitor's page links no manifest: a browser that finds one checks it on every page load (Chrome fetches the
 * manifest and an icon), two requests on each first visit to the landing for an app the visitor has no use for yet
 * (docs/decisions/038-one-serif-file.md). Fetched with credentials, so the browser asks for it on the document's warm
 * connection instead of opening a new one (an anonymous fetch has its own connection pool). Nothing personal is in it.
 */
function AppManifestLink() {
  return <link rel="manifest" href="/manifest.webmanifest" crossOrigin="use-credentials" />;
}

export default function App() {
  const { toast, reportsTimeZone } = useLoaderData<typeof loader>();
  useTimeZoneCookie(reportsTimeZone);
  return (
    <ToasterProvider serverToast={toast}>
      <Outlet />
      <NoScriptToast toast={toast} />
    </ToasterProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A 4xx with a plain message (bad input) shows that message; anything else is logged.
  const clientError = isRouteErrorResponse(error) && error.status >= 400 && error.status < 500 && !notFound;
  const clientMessage = clientError && typeof error.data === "string" && error.data ? error.data : null;
  // On the server the request's log line has the error already (entry.server.tsx handleError); the browser logs its own.
  if (!notFound && !clientError && typeof document !== "undefined") console.error(error);
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-6 px-6 text-center">
      <p className="font-serif text-6xl font-bold text-lavender-700" aria-hidden="true">
        {isRouteErrorResponse(error) ? error.status : "Oops"}
      </p>
      <h1 className="font-serif text-3xl font-bold">
        {notFound ? "Page Not Found" : clientError ? "We could not do that" : "Something went wrong"}
      </h1>
      <p className="text-ink-muted">
        {notFound
          ? "The page you are looking for does not exist or has moved."
          : (clientMessage ?? "We could not load this page. Please try again in a moment.")}
      </p>
      {notFound || clientError ? null : <RequestReference />}
      <Link to="/" className="btn-primary">
        Return to Home
      </Link>
    </main>
  );
}
