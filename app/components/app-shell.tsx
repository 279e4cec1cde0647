import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { SubmitButton } from "~/components/forms";
import { InstallBanner } from "~/components/install-banner";
import { Icon, type IconName } from "~/components/ui/icon";
import { useViewer } from "~/hooks/use-viewer";
import { homeFor, journeyFor } from "~/modules/access/home";
import type { Viewer } from "~/modules/access/viewer";

type Tab = { id: string; label: string; href: string; icon: IconName };

/**
 * The signed-in navigation, one for every signed-in page (today, cards, a card, journal, dashboard, collection,
 * settings, admin): Today · Cards · Favorites · Journal · Journey, plus Admin for admins; Settings (a gear) and Log Out
 * at the header's end, where an account's controls are looked for. A header on desktop; on phones a slim header and a
 * bottom tab bar within thumb's reach. Plain links and a plain sign-out form, so all of it works without JavaScript.
 * The pages inside follow the reader's colour scheme (`theme-adaptive`, app/tailwind.css).
 */
export function AppShell({
  children,
  followsColorScheme = true,
}: {
  children: ReactNode;
  /** The reading pages follow the reader's colour scheme; /admin, a plain form page, stays light. */
  followsColorScheme?: boolean;
}) {
  const viewer = useViewer();
  const location = useLocation();
  const tabs = appTabs(viewer);
  const current = currentTab(location.pathname, new URLSearchParams(location.search), viewer?.hasAccess ?? false);
  const onSettings = location.pathname === "/settings";
  return (
    <div className={`${followsColorScheme ? "theme-adaptive " : ""}min-h-screen bg-canvas pb-20 text-ink md:pb-0`}>
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-2 sm:px-6 lg:px-8">
          <Link to={homeFor({ hasAccess: viewer?.hasAccess ?? false })} className="whitespace-nowrap font-serif text-lg font-bold">
            LIGHT <span className="text-accent">Cards</span>
          </Link>
          <nav aria-label="Account sections" className="hidden flex-1 items-center gap-1 md:flex">
            {tabs.map((tab) => (
              <Link
                key={tab.id}
                to={tab.href}
                aria-current={current === tab.id ? "page" : undefined}
                className={`rounded-full px-3 py-2 text-sm font-semibold ${
                  current === tab.id ? "bg-accent-soft text-ink" : "text-ink-muted hover:text-ink"
                }`}
              >
                {tab.label}
              </Link>
            ))}
          </nav>
          <div className="ml-auto flex min-w-0 items-center gap-2">
            <Link
              to="/settings"
              aria-current={onSettings ? "page" : undefined}
              className={`inline-flex min-h-[44px] min-w-[44px] items-center justify-center gap-1 rounded-full px-3 text-sm font-semibold hover:bg-surface-muted ${
                onSettings ? "bg-accent-soft text-ink" : "text-ink"
              }`}
            >
              <Icon name="gear" className="h-5 w-5" />
              {/* The gear alone while the tabs share the header (and on phones); named in full where there is room. */}
              <span className="sr-only lg:not-sr-only">Settings</span>
            </Link>
            <Form method="post" action="/logout" className="shrink-0">
              <SubmitButton
                className="inline-flex min-h-[44px] items-center gap-1 rounded-full px-3 text-sm font-semibold text-ink ring-1 ring-line hover:bg-surface-muted"
                pendingText="Signing out..."
              >
                <Icon name="sign-out" className="h-5 w-5" />
                Log Out
              </SubmitButton>
            </Form>
          </div>
        </div>
      </header>
      {children}
      {/* Installing the app, offered to buyers until it runs standalone (docs/decisions/046-web-push.md). */}
      {viewer?.hasAccess ? <InstallBanner aboveTabBar /> : null}
      <nav
        aria-label="App"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
      >
        <ul className="mx-auto flex max-w-md justify-around">
          {tabs.map((tab) => (
            <li key={tab.id} className="flex-1">
              <Link
                to={tab.href}
                aria-current={current === tab.id ? "page" : undefined}
                className={`flex min-h-[56px] flex-col items-center justify-center gap-0.5 text-xs font-semibold ${
                  current === tab.id ? "text-accent" : "text-ink-muted"
                }`}
              >
                <Icon name={tab.icon} className="h-6 w-6" />
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

/** The tabs a viewer has: the collection's for a buyer, the preview's (on the dashboard) for an account without access. */
function appTabs(viewer: Viewer | null): Tab[] {
  const owns = viewer?.hasAccess ?? false;
  const tabs: Tab[] = [
    // A buyer's day starts with the practice; an account without access starts from its preview (homeFor).
    { id: "today", label: "Today", href: homeFor({ hasAccess: owns }), icon: "sun" },
    { id: "cards", label: "Cards", href: owns ? "/cards" : "/dashboard#cards-title", icon: "cards" },
    { id: "favorites", label: "Favorites", href: owns ? "/cards?favorites=1" : "/dashboard?tab=favorites#cards-title", icon: "heart" },
    { id: "journal", label: "Journal", href: "/journal", icon: "notebook" },
    { id: "journey", label: "Journey", href: journeyFor({ hasAccess: owns }), icon: "path" },
  ];
  if (viewer?.isAdmin) tabs.push({ id: "admin", label: "Admin", href: "/admin", icon: "shield-check" });
  return tabs;
}

/**
 * The tab the page belongs to, from its address alone (the server draws it, with or without JavaScript: a fragment
 * never reaches the server, so the preview's Journey carries `?section=journey`). A buyer's dashboard is all Journey.
 */
function currentTab(pathname: string, search: URLSearchParams, owns: boolean): string | null {
  if (pathname === "/admin") return "admin";
  if (pathname === "/today") return "today";
  if (pathname === "/dashboard") {
    if (owns || search.get("section") === "journey") return "journey";
    return search.get("tab") === "favorites" ? "favorites" : "today";
  }
  if (pathname === "/journal") return "journal";
  if (pathname === "/cards" && search.get("favorites") === "1") return "favorites";
  if (pathname.startsWith("/cards") || pathname === "/collection") return "cards";
  return null;
}
