import type { ReactNode } from "react";
import { ActionBlock, BLUE, GROUP, MUTED, Phone, Text } from "./phone-drawing";

/**
 * How a phone fetches the wallpaper each morning (docs/decisions/044-wallpaper-address.md): the iOS Shortcuts personal
 * automation, step by step (Android: android-guide.tsx). The pictures are drawings of the steps, not screenshots:
 * the phone's outline follows the page's colours, its screen stays light as the apps' are by default.
 */

function AutomationPicture() {
  return (
    <Phone label="The Shortcuts app's Automation tab: a Time of Day automation at 6:00, repeating daily, set to Run Immediately">
      <Text x={18} y={48} size={13} weight={700}>
        Automation
      </Text>
      <rect x="14" y="60" width="132" height="96" rx="10" fill={GROUP} />
      <circle cx="30" cy="78" r="8" fill="none" stroke={BLUE} strokeWidth="2" />
      <path d="M30 73v5l3 2" stroke={BLUE} strokeWidth="2" fill="none" strokeLinecap="round" />
      <Text x={44} y={82} weight={600}>
        Time of Day
      </Text>
      <Text x={80} y={122} size={28} weight={600} anchor="middle">
        6:00
      </Text>
      <Text x={22} y={146} size={9} fill={MUTED}>
        Repeat
      </Text>
      <Text x={138} y={146} size={9} fill={BLUE} anchor="end">
        Daily
      </Text>
      <rect x="14" y="166" width="132" height="62" rx="10" fill={GROUP} />
      <circle cx="26" cy="184" r="5" fill="none" stroke={MUTED} strokeWidth="1.5" />
      <Text x={36} y={187} size={9} fill={MUTED}>
        Run After Confirmation
      </Text>
      <line x1="22" y1="197" x2="138" y2="197" stroke="#d8d8de" />
      <circle cx="26" cy="211" r="5" fill={BLUE} />
      <path d="M23.5 211l2 2 3.5-3.5" stroke="#fff" strokeWidth="1.5" fill="none" />
      <Text x={36} y={214} size={9} weight={600}>
        Run Immediately
      </Text>
      <rect x="40" y="248" width="80" height="24" rx="12" fill={BLUE} />
      <Text x={80} y={264} size={10} weight={600} fill="#fff" anchor="middle">
        Next
      </Text>
    </Phone>
  );
}

function GetContentsPicture() {
  return (
    <Phone label="The action Get Contents of URL, holding your wallpaper address">
      <Text x={18} y={48} size={13} weight={700}>
        New Automation
      </Text>
      <ActionBlock y={62} height={64} color="#30b050">
        <Text x={44} y={75} size={9.5} weight={600}>
          Get contents of
        </Text>
        <rect x="24" y="88" width="112" height="26" rx="7" fill="#dce8fb" />
        <Text x={30} y={105} size={8.5} fill={BLUE}>
          …/wallpaper/….png
        </Text>
      </ActionBlock>
      <rect x="14" y="140" width="132" height="28" rx="14" fill="none" stroke="#c9c9cf" strokeDasharray="4 3" />
      <Text x={80} y={158} size={9} fill={MUTED} anchor="middle">
        Search for actions
      </Text>
    </Phone>
  );
}

function SetWallpaperPicture() {
  return (
    <Phone label="The action Set Wallpaper Photo, set to the Lock Screen, with Show Preview turned off">
      <Text x={18} y={48} size={13} weight={700}>
        New Automation
      </Text>
      <ActionBlock y={62} height={36} color="#30b050">
        <Text x={44} y={83} size={9.5} weight={600}>
          Get contents of URL
        </Text>
      </ActionBlock>
      <path d="M80 100v10" stroke="#c9c9cf" strokeWidth="2" />
      <ActionBlock y={112} height={104} color="#0a84ff">
        <Text x={44} y={125} size={9.5} weight={600}>
          Set wallpaper photo
        </Text>
        <Text x={24} y={150} size={9}>
          on
        </Text>
        <rect x="40" y="139" width="66" height="16" rx="5" fill="#dce8fb" />
        <Text x={73} y={151} size={8.5} fill={BLUE} anchor="middle">
          Lock Screen
        </Text>
        <Text x={24} y={172} size={9}>
          to
        </Text>
        <rect x="40" y="161" width="96" height="16" rx="5" fill="#dce8fb" />
        <Text x={88} y={173} size={8.5} fill={BLUE} anchor="middle">
          Contents of URL
        </Text>
        <line x1="22" y1="186" x2="138" y2="186" stroke="#d8d8de" />
        <Text x={24} y={204} size={9}>
          Show Preview
        </Text>
        <rect x="110" y="194" width="26" height="15" rx="7.5" fill="#d1d1d6" />
        <circle cx="118" cy="201.5" r="6" fill="#fff" />
      </ActionBlock>
      <rect x="40" y="248" width="80" height="24" rx="12" fill={BLUE} />
      <Text x={80} y={264} size={10} weight={600} fill="#fff" anchor="middle">
        Done
      </Text>
    </Phone>
  );
}

function LockScreenPicture() {
  return (
    <Phone label="The lock screen in the morning: the date and clock at the top, today's card below them">
      <rect x="6" y="6" width="148" height="288" rx="24" fill="#f7efe0" />
      <rect x="60" y="13" width="40" height="11" rx="5.5" fill="#111114" />
      <Text x={80} y={46} size={9} weight={600} fill="#5c4a36" anchor="middle">
        Monday 1 June
      </Text>
      <Text x={80} y={80} size={34} weight={600} fill="#5c4a36" anchor="middle">
        6:01
      </Text>
      <Text x={80} y={122} size={11} weight={700} fill="#3b2f25" anchor="middle">
        Today's card
      </Text>
      <path d="M66 130h28" stroke="#b08d43" strokeWidth="1.5" />
      {[146, 158, 170, 182].map((y, index) => (
        <rect key={y} x={index === 3 ? 40 : 26} y={y} width={index === 3 ? 80 : 108} height="5" rx="2.5" fill="#3b2f25" opacity="0.55" />
      ))}
      {[200, 210].map((y) => (
        <rect key={y} x="34" y={y} width="92" height="4" rx="2" fill="#3b2f25" opacity="0.35" />
      ))}
      <rect x="62" y="220" width="36" height="4" rx="2" fill="#b08d43" />
      <circle cx="32" cy="262" r="13" fill="#3b2f25" opacity="0.18" />
      <circle cx="128" cy="262" r="13" fill="#3b2f25" opacity="0.18" />
    </Phone>
  );
}

function Step({ picture, title, children }: { picture: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="grid grid-cols-[7.5rem_1fr] items-start gap-4 sm:grid-cols-1 sm:gap-3">
      <div className="text-ink">{picture}</div>
      <div className="space-y-1">
        <h3 className="font-semibold">{title}</h3>
        <div className="space-y-1 text-sm text-ink-muted">{children}</div>
      </div>
    </li>
  );
}

export function IphoneGuide() {
  return (
    <section aria-labelledby="iphone-title" className="space-y-4 rounded-3xl bg-surface p-5 ring-1 ring-line">
      <h2 id="iphone-title" className="font-serif text-2xl font-bold">
        On iPhone: a Shortcuts automation
      </h2>
      <p className="text-ink-muted">Set it up once (iOS 17 or later); it then runs by itself each morning.</p>
      <ol className="grid gap-6 sm:grid-cols-4">
        <Step picture={<AutomationPicture />} title="1. A time of day">
          <p>
            In the Shortcuts app, tap <b>Automation</b>, then <b>+</b>. Choose <b>Time of Day</b>, a time such as 6:00, <b>Daily</b>, and{" "}
            <b>Run Immediately</b>. Tap <b>Next</b>, then <b>New Blank Automation</b>.
          </p>
        </Step>
        <Step picture={<GetContentsPicture />} title="2. Fetch the picture">
          <p>
            Add the action <b>Get Contents of URL</b> and paste your wallpaper address into it.
          </p>
        </Step>
        <Step picture={<SetWallpaperPicture />} title="3. Set the lock screen">
          <p>
            Add <b>Set Wallpaper Photo</b>, choose <b>Lock Screen</b>, and turn off <b>Show Preview</b> so it runs without asking. Tap{" "}
            <b>Done</b>.
          </p>
        </Step>
        <Step picture={<LockScreenPicture />} title="4. Each morning">
          <p>At that time your lock screen becomes today's card. To see it now, open the automation and run it.</p>
        </Step>
      </ol>
      <p className="text-sm text-ink-muted">
        Apple renames these now and then: if an action is not found, search the actions for "wallpaper" or "URL".
      </p>
    </section>
  );
}
