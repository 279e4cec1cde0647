import type { ReactNode } from "react";
import { FONT } from "./phone-drawing";

/** What Android users can do to set the wallpaper each morning (docs/decisions/044-wallpaper-address.md), drawn. */
function AndroidPicture() {
  const box = (x: number, label: string, icon: ReactNode) => (
    <g>
      <rect x={x} y="10" width="88" height="76" rx="14" fill="none" stroke="currentColor" strokeWidth="2.5" />
      {icon}
      <text x={x + 44} y="76" fontSize="10" fontWeight="600" fill="currentColor" textAnchor="middle">
        {label}
      </text>
    </g>
  );
  const arrow = (x: number) => (
    <path d={`M${x} 48h16m-6-6 6 6-6 6`} stroke="currentColor" strokeWidth="2.5" fill="none" strokeLinecap="round" />
  );
  return (
    <svg
      viewBox="0 0 320 96"
      role="img"
      aria-label="Each day at 6:00, an automation app downloads the address and sets it as the lock screen"
      className="h-auto w-full max-w-md"
      fontFamily={FONT}
    >
      {box(
        4,
        "6:00 daily",
        <g>
          <circle cx="48" cy="38" r="16" fill="none" stroke="currentColor" strokeWidth="2.5" />
          <path d="M48 29v9l6 4" stroke="currentColor" strokeWidth="2.5" fill="none" strokeLinecap="round" />
        </g>,
      )}
      {arrow(96)}
      {box(
        116,
        "Download",
        <path d="M160 24v22m-8-8 8 8 8-8M148 54h24" stroke="currentColor" strokeWidth="2.5" fill="none" strokeLinecap="round" />,
      )}
      {arrow(208)}
      {box(
        228,
        "Lock screen",
        <g>
          <rect x="261" y="20" width="22" height="38" rx="5" fill="none" stroke="currentColor" strokeWidth="2.5" />
          <path d="M266 32h12M266 38h12M266 44h8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </g>,
      )}
    </svg>
  );
}

export function AndroidGuide() {
  return (
    <section aria-labelledby="android-title" className="space-y-4 rounded-3xl bg-surface p-5 ring-1 ring-line">
      <h2 id="android-title" className="font-serif text-2xl font-bold">
        On Android
      </h2>
      <div className="text-ink">
        <AndroidPicture />
      </div>
      <p className="text-ink-muted">
        Android cannot fetch a wallpaper from an address by itself. An automation app can: in Tasker or MacroDroid, for example, make a
        daily time trigger (6:00), then an action that downloads your wallpaper address to a file (an HTTP request), then one that sets that
        file as the lock screen wallpaper. The steps differ from app to app.
      </p>
      <p className="text-ink-muted">
        Without an app, open the address in your browser, save the picture, and set it as your lock screen from your gallery: by hand, each
        day.
      </p>
    </section>
  );
}
