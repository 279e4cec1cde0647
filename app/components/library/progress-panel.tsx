import { CardIcon } from "~/components/card/card-icon";
import type { ActivityItem, BadgeList, StatsView } from "~/modules/habit/progress";

/** The dashboard's habit panel (the Journey): getProgress (app/modules/habit/progress.server.ts), activity times formatted on the server. */
type ProgressView = {
  stats: StatsView;
  badges: Pick<BadgeList, "earned" | "next">;
  /** `when`: the time in the user's time zone, formatted on the server (the same text on server and client). */
  recentActivity: (ActivityItem & { when: string })[];
};

const ACTIVITY_WORDS: Record<string, string> = {
  view: "Viewed",
  read_scripture: "Read the Scripture of",
  speak_aloud: "Spoke aloud",
  practice: "Practised",
  evening_check: "Evening check on",
};

function describeActivity(item: { activityType: string; metadata: Record<string, unknown> | null }): string {
  if (item.activityType === "favorite") return item.metadata?.action === "remove" ? "Removed from favorites:" : "Added to favorites:";
  return ACTIVITY_WORDS[item.activityType] ?? item.activityType;
}

function days(count: number) {
  return `${count} ${count === 1 ? "day" : "days"}`;
}

export function ProgressPanel({ progress }: { progress: ProgressView }) {
  const { stats, badges, recentActivity } = progress;
  const numbers = [
    { label: "Cards viewed", value: stats.totalCardsViewed },
    { label: "Scriptures read", value: stats.totalScriptureReads },
    { label: "Affirmations spoken", value: stats.totalSpokenAffirmations },
    { label: "Favorites", value: stats.totalFavorites },
  ];
  return (
    <section aria-labelledby="progress-title" className="space-y-6 rounded-3xl bg-surface p-6 ring-1 ring-line">
      <h2 id="progress-title" className="font-serif text-2xl font-bold">
        Your Progress
      </h2>
      <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {numbers.map((entry) => (
          <div key={entry.label} className="rounded-2xl bg-surface-muted p-4">
            <dt className="text-sm text-ink-muted">{entry.label}</dt>
            <dd className="text-3xl font-bold" data-testid={`stat-${entry.label.toLowerCase().replace(/\s+/g, "-")}`}>
              {entry.value}
            </dd>
          </div>
        ))}
      </dl>

      <div className="grid gap-4 md:grid-cols-2">
        <div className="rounded-2xl bg-accent-soft p-4">
          <h3 className="font-semibold">Streak</h3>
          <p data-testid="current-streak">Current streak: {days(stats.currentStreak)}</p>
          <p className="text-sm text-ink-muted">Longest streak: {days(stats.longestStreak)}</p>
          {stats.graceDay ? (
            <p className="mt-1 text-sm text-ink-muted">Grace day used on {stats.graceDay}: one missed day in seven is forgiven.</p>
          ) : null}
          {/* The streak counts mornings of practice (docs/decisions/040-the-light-practice.md). */}
          {stats.atRisk ? <p className="mt-1 text-sm font-semibold text-ink">Practise today's card to keep your streak.</p> : null}
        </div>
        <div className="rounded-2xl bg-surface-muted p-4">
          <h3 className="font-semibold">Next badge</h3>
          {badges.next ? (
            <>
              <p>
                {badges.next.badge.name}: {badges.next.badge.description}
              </p>
              <progress
                // The brand's colours, drawn by the page: Chromium ignores accent-color here and drew its own green.
                className="mt-2 h-2 w-full appearance-none overflow-hidden rounded-full bg-surface-muted [&::-moz-progress-bar]:bg-accent [&::-webkit-progress-bar]:bg-surface-muted [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-accent"
                max={badges.next.target}
                value={badges.next.current}
                aria-label={`${badges.next.badge.name} progress`}
              />
              <p className="text-sm text-ink-muted">
                {badges.next.current} of {badges.next.target}
              </p>
            </>
          ) : (
            <p>You have earned every badge.</p>
          )}
        </div>
      </div>

      <div>
        <h3 className="font-semibold">Badges earned ({badges.earned.length})</h3>
        {badges.earned.length === 0 ? (
          <p className="text-sm text-ink-muted">Open a card to earn your first badge.</p>
        ) : (
          <ul className="mt-2 flex flex-wrap gap-3" aria-label="Badges earned">
            {badges.earned.map((earned) => (
              <li
                key={earned.badge.id}
                className="flex items-center gap-2 rounded-full bg-surface-muted px-3 py-1 text-sm"
                title={earned.badge.description}
              >
                <CardIcon name={earned.badge.icon} className="h-4 w-4 text-accent" />
                {earned.badge.name}
              </li>
            ))}
          </ul>
        )}
      </div>

      <div>
        <h3 className="font-semibold">Recent activity</h3>
        {recentActivity.length === 0 ? (
          <p className="text-sm text-ink-muted">Nothing yet: your first card is waiting.</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm" aria-label="Recent activity">
            {recentActivity.map((item) => (
              <li key={item.id}>
                {describeActivity(item)} {item.cardTitle ?? "a card"} <span className="text-ink-muted">({item.when})</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
