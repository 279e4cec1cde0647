import type { ReactNode } from "react";
import { BLUE, GROUP, LABEL, MUTED, Phone, Text } from "~/components/wallpaper/phone-drawing";

/**
 * "Add to Home Screen" on iPhone and iPad, drawn (docs/decisions/046-web-push.md): Safari's Share button, then the
 * share sheet's Add to Home Screen. The settings page's notifications and the install banner both show it; the
 * drawing kit is the wallpaper guide's (phone-drawing.tsx).
 */

/** Safari's toolbar with the Share button ringed, and the share sheet open above it on Add to Home Screen. */
export function AddToHomeScreenPicture() {
  return (
    <Phone label="Safari on iPhone: the Share button in the toolbar, and in the menu it opens, Add to Home Screen">
      <Text x={18} y={48} size={12} weight={700}>
        LIGHT Cards
      </Text>
      <rect x="10" y="118" width="140" height="124" rx="12" fill={GROUP} />
      {["Copy", "Add to Favorites"].map((label, index) => (
        <Text key={label} x={22} y={140 + index * 24} size={9} fill={MUTED}>
          {label}
        </Text>
      ))}
      <rect x="14" y="178" width="132" height="26" rx="7" fill="#dce8fb" stroke={BLUE} strokeWidth="1.5" />
      <Text x={22} y={195} size={8.5} weight={700} fill={LABEL}>
        Add to Home Screen
      </Text>
      <rect x="127" y="184" width="13" height="13" rx="3" fill="none" stroke={LABEL} strokeWidth="1.3" />
      <path d="M133.5 187v7M130 190.5h7" stroke={LABEL} strokeWidth="1.3" />
      <Text x={22} y={228} size={9} fill={MUTED}>
        Print
      </Text>
      <rect x="6" y="252" width="148" height="40" fill={GROUP} />
      <ShareIcon x={80} y={270} />
      <circle cx="80" cy="268" r="13" fill="none" stroke={BLUE} strokeWidth="2" />
      <path d="M28 264l-5 5 5 5M46 264l5 5-5 5" stroke={BLUE} strokeWidth="1.6" fill="none" />
      <rect x="118" y="262" width="12" height="12" rx="2" fill="none" stroke={BLUE} strokeWidth="1.4" />
    </Phone>
  );
}

/** Safari's Share symbol: a square open at the top with an arrow rising from it. */
function ShareIcon({ x, y }: { x: number; y: number }) {
  return (
    <g stroke={BLUE} strokeWidth="1.6" fill="none" strokeLinecap="round" strokeLinejoin="round">
      <path d={`M${x - 3} ${y - 4}h-3v11h12v-11h-3`} />
      <path d={`M${x} ${y + 2}v-11M${x - 3} ${y - 6}l3-3 3 3`} />
    </g>
  );
}

/** The steps, beside the picture; `after` says what the installed app then gives (notifications, or just the app). */
export function AddToHomeScreenSteps({ headingId, heading, after }: { headingId: string; heading: string; after: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_1fr] items-start gap-4">
      <div className="text-ink">
        <AddToHomeScreenPicture />
      </div>
      <div className="space-y-2 text-sm">
        <h3 id={headingId} className="font-semibold">
          {heading}
        </h3>
        <ol className="list-decimal space-y-1 pl-5 text-ink-muted">
          <li>
            In Safari, tap <b>Share</b> (the square with an arrow) in the toolbar.
          </li>
          <li>
            Scroll down and tap <b>Add to Home Screen</b>, then <b>Add</b>.
          </li>
          <li>Open LIGHT Cards from your Home Screen and sign in there.</li>
        </ol>
        <p className="text-ink-muted">{after}</p>
      </div>
    </div>
  );
}
