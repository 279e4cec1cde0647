import { Link } from "@remix-run/react";
import { useRef } from "react";
import { StaticHtml } from "~/components/static-html";
import { Icon } from "~/components/ui/icon";
import { LEGAL_LINKS } from "~/content/legal-links";
import { useSiteSettings } from "~/hooks/use-site-settings";
import { useViewer } from "~/hooks/use-viewer";
import { journeyFor } from "~/modules/access/home";
import type { Viewer } from "~/modules/access/viewer";

/**
 * Top bar of the public pages: section anchors, the way in ("Sign in" for a visitor, "My cards" for a buyer, whose
 * buy buttons give way to it) and the main CTA. It never scrolls sideways on a 360 px phone.
 */
export function SiteHeader({
  anchorsBase = "",
  minimal = false,
}: {
  anchorsBase?: string;
  /** Checkout and payment pages: the brand only, no distractions. */
  minimal?: boolean;
}) {
  const { socialUrl } = useSiteSettings();
  const viewer = useViewer();
  const menu = useRef<HTMLDetailsElement>(null);
  const navLink = "rounded px-2 py-2 text-sm font-medium text-ink hover:text-lavender-700";
  // A tapped section link closes the menu. Without JavaScript nothing could, so there the menu is the footer's list.
  const closeMenu = () => menu.current?.removeAttribute("open");
  return (
    <header className="sticky top-0 z-40 border-b border-sage-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-3 py-3 sm:px-6 lg:px-8">
        <Link to="/" className="whitespace-nowrap font-serif text-lg font-bold text-sage-800 sm:text-xl">
          LIGHT <span className="text-lavender-700">Cards</span>
        </Link>
        {minimal ? null : (
          <nav aria-label="Main" className="flex min-w-0 items-center gap-1 sm:gap-3">
            <div className="hidden items-center gap-1 md:flex">
              <SectionLinks anchorsBase={anchorsBase} className={navLink} viewer={viewer} />
            </div>
            <a
              className="hidden h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-sage-100 md:inline-flex"
              href={socialUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="LIGHT Cards on social media (opens in a new tab)"
            >
              <Icon name="instagram-logo" className="h-6 w-6" />
            </a>
            {viewer ? (
              <Link to={viewer.hasAccess ? "/cards" : "/dashboard"} className="btn-primary whitespace-nowrap px-4 py-2 text-sm">
                {viewer.hasAccess ? "My cards" : "My account"}
              </Link>
            ) : (
              <>
                <Link to="/login" className={`${navLink} whitespace-nowrap font-semibold`}>
                  Sign in
                </Link>
                <Link to="/checkout" className="btn-primary whitespace-nowrap px-4 py-2 text-sm">
                  Get Access<span className="hidden sm:inline"> Now</span>
                </Link>
              </>
            )}
            {/*
             * Small screens: a <details> menu that a followed link closes. Without JavaScript (scripting: none) a
             * <details> would stay open over the section it jumped to, so there the button jumps to the footer's
             * list of the same links instead, and nothing is left open.
             */}
            <a
              href="#quick-links"
              aria-label="Menu"
              className="hidden h-11 w-11 items-center justify-center rounded-full hover:bg-sage-100 [@media(scripting:none)_and_(max-width:767px)]:inline-flex"
            >
              <Icon name="list" className="h-6 w-6" />
            </a>
            <details ref={menu} className="relative md:hidden [@media(scripting:none)]:hidden">
              <summary
                className="inline-flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-full hover:bg-sage-100 [&::-webkit-details-marker]:hidden"
                aria-label="Menu"
              >
                <Icon name="list" className="h-6 w-6" />
              </summary>
              {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: closes the menu after a link inside it is followed; the links themselves are the controls. */}
              <div
                className="absolute right-0 mt-2 flex w-52 flex-col rounded-xl bg-white p-2 shadow-xl ring-1 ring-black/10"
                onClick={(event) => (event.target as HTMLElement).closest("a") && closeMenu()}
              >
                <SectionLinks anchorsBase={anchorsBase} className={`${navLink} block`} viewer={viewer} />
                <a className={`${navLink} block`} href={socialUrl} target="_blank" rel="noopener noreferrer">
                  Instagram
                </a>
              </div>
            </details>
          </nav>
        )}
      </div>
    </header>
  );
}

/**
 * The landing's sections, named for what they hold ("Scripture": the verses on speaking, not customer testimonials;
 * the id stays #testimonials for the addresses already shared). Journey (the signed-in progress page) and Settings are
 * an account's: a visitor has neither.
 */
function SectionLinks({ anchorsBase, className, viewer }: { anchorsBase: string; className: string; viewer: Viewer | null }) {
  return (
    <>
      <a className={className} href={`${anchorsBase}#preview`}>
        Preview
      </a>
      <a className={className} href={`${anchorsBase}#pricing`}>
        Pricing
      </a>
      <a className={className} href={`${anchorsBase}#testimonials`}>
        Scripture
      </a>
      {viewer ? (
        <>
          <Link className={className} to={journeyFor(viewer)}>
            Journey
          </Link>
          <Link className={className} to="/settings">
            Settings
          </Link>
        </>
      ) : null}
    </>
  );
}

export function SiteFooter({ anchorsBase = "" }: { anchorsBase?: string }) {
  const { socialUrl, supportEmail } = useSiteSettings();
  const footerLink = "text-sage-100 underline-offset-4 hover:underline";
  return (
    // Links and text only: never hydrated.
    <StaticHtml as="footer" id="contact" className="bg-sage-900 text-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-3 sm:px-6 lg:px-8">
        <div>
          <p className="font-serif text-xl font-bold">LIGHT Cards</p>
          <p className="mt-2 text-sm text-sage-100">Scripture-based affirmations to speak aloud, every day.</p>
        </div>
        <nav id="quick-links" aria-label="Quick links" className="scroll-mt-20">
          <h2 className="text-sm font-semibold uppercase tracking-wide">Quick Links</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a className={footerLink} href={`${anchorsBase}#preview`}>
                Preview
              </a>
            </li>
            <li>
              <a className={footerLink} href={`${anchorsBase}#testimonials`}>
                Scripture
              </a>
            </li>
            <li>
              <a className={footerLink} href={`${anchorsBase}#pricing`}>
                Pricing
              </a>
            </li>
            <li>
              <a className={footerLink} href={`mailto:${supportEmail}`}>
                Contact
              </a>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide">Contact</h2>
          <p className="mt-3 text-sm">
            <a className={footerLink} href={`mailto:${supportEmail}`}>
              {supportEmail}
            </a>
          </p>
          <p className="mt-2 text-sm">
            <a className={footerLink} href={socialUrl} target="_blank" rel="noopener noreferrer">
              Follow us on social media
            </a>
          </p>
        </div>
      </div>
      <div className="border-t border-white/10 px-4 py-4 text-center text-xs text-sage-100">
        <nav aria-label="Policies">
          <ul className="flex flex-wrap justify-center gap-x-5 gap-y-1">
            {LEGAL_LINKS.map((page) => (
              <li key={page.path}>
                <a className={`${footerLink} inline-block py-2`} href={page.path}>
                  {page.linkLabel}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-2">© {new Date().getFullYear()} LIGHT Cards. Scripture quotations from the King James Version (public domain).</p>
      </div>
    </StaticHtml>
  );
}
