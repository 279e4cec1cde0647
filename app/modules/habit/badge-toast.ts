import type { ToastInput } from "~/modules/toast/toast";

type NewBadge = { badge: { name: string; description: string } };

/**
 * A newly earned badge reaches the user as a toast (docs/decisions/000-product-rules.md, Habit). There is one toast
 * at a time, so an action's own confirmation (say 'Added to Favorites') keeps its title and the badge rides along.
 */
export function badgeToast(newBadges: readonly NewBadge[], confirmation?: string): ToastInput | null {
  const names = newBadges.map((earned) => earned.badge.name);
  if (names.length === 0) return confirmation ? { type: "success", title: confirmation } : null;
  const [first] = newBadges;
  const news =
    names.length === 1 && first ? `New badge: ${first.badge.name}. ${first.badge.description}` : `New badges: ${names.join(", ")}.`;
  return confirmation
    ? { type: "success", title: confirmation, description: news }
    : { type: "success", title: "Badge earned!", description: news };
}
