import { Icon } from "~/components/ui/icon";
import { Link } from "@remix-run/react";
import { useSiteSettings } from "~/hooks/use-site-settings";

/** Top bar of the public pages: section anchors, the Journey link, the social link and the main CTA. */
export function SiteHeader({
  anchorsBase = "",
  minimal = false,
}: {
  anchorsBase?: string;
  /** Checkout and payment pages: the brand only, no distractions. */
  minimal?: boolean;
}) {
  const { socialUrl } = useSiteSettings();
  const navLink = "rounded px-2 py-2 text-sm font-medium text-ink hover:text-lavender-700";
  return (
    <header className="sticky top-0 z-40 border-b border-sage-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3 sm:px-6 lg:px-8">
        <Link to="/" className="whitespace-nowrap font-serif text-xl font-bold text-sage-800">
          LIGHT <span className="text-lavender-700">Cards</span>
        </Link>
        {minimal ? null : (
          <nav aria-label="Main" className="flex items-center gap-1 sm:gap-3">
            <div className="hidden items-center gap-1 md:flex">
              <SectionLinks anchorsBase={anchorsBase} className={navLink} />
            </div>
            {/* Small screens: a native <details> menu, so it opens without JavaScript. */}
            <details className="relative md:hidden">
              <summary
                className="inline-flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-full hover:bg-sage-100 [&::-webkit-details-marker]:hidden"
                aria-label="Menu"
              >
                <Icon name="list" className="h-6 w-6" />
              </summary>
              <div className="absolute right-0 mt-2 flex w-48 flex-col rounded-xl bg-white p-2 shadow-xl ring-1 ring-black/10">
                <SectionLinks anchorsBase={anchorsBase} className={`${navLink} block`} />
              </div>
            </details>
            <a
              className="inline-flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-sage-100"
              href={socialUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="LIGHT Cards on social media (opens in a new tab)"
            >
              <Icon name="instagram-logo" className="h-6 w-6" />
            </a>
            <Link to="/checkout" className="btn-primary whitespace-nowrap px-4 py-2 text-sm">
              Get Access Now
            </Link>
          </nav>
        )}
      </div>
    </header>
  );
}

function SectionLinks({ anchorsBase, className }: { anchorsBase: string; className: string }) {
  return (
    <>
      <a className={className} href={`${anchorsBase}#preview`}>
        Preview
      </a>
      <a className={className} href={`${anchorsBase}#pricing`}>
        Pricing
      </a>
      <a className={className} href={`${anchorsBase}#testimonials`}>
        Testimonials
      </a>
      <Link className={className} to="/dashboard">
        Journey
      </Link>
    </>
  );
}

export function SiteFooter({ anchorsBase = "" }: { anchorsBase?: string }) {
  const { socialUrl, supportEmail } = useSiteSettings();
  const footerLink = "text-sage-100 underline-offset-4 hover:underline";
  return (
    <footer id="contact" className="bg-sage-900 text-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-3 sm:px-6 lg:px-8">
        <div>
          <p className="font-serif text-xl font-bold">LIGHT Cards</p>
          <p className="mt-2 text-sm text-sage-100">Scripture-based affirmations to speak aloud, every day.</p>
        </div>
        <nav aria-label="Quick links">
          <h2 className="text-sm font-semibold uppercase tracking-wide">Quick Links</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a className={footerLink} href={`${anchorsBase}#preview`}>
                Preview
              </a>
            </li>
            <li>
              <a className={footerLink} href={`${anchorsBase}#testimonials`}>
                Testimonials
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
      <p className="border-t border-white/10 py-4 text-center text-xs text-sage-100">
        © {new Date().getFullYear()} LIGHT Cards. Scripture quotations from the King James Version (public domain).
      </p>
    </footer>
  );
}
