import { Icon, type IconName } from "~/components/ui/icon";

/** The spec's category icon names, drawn from Phosphor's duotone set. */
const CATEGORY_ICONS: Record<string, IconName> = {
  mountain: "mountains-duotone",
  dove: "bird-duotone",
  // A hand holding a heart: a heart alone, beside the favourite button, read as a second button.
  heart: "hand-heart-duotone",
  star: "star-duotone",
  "shield-alt": "shield-check-duotone",
  leaf: "leaf-duotone",
  fire: "fire-duotone",
  seedling: "plant-duotone",
  lightbulb: "lightbulb-duotone",
  butterfly: "butterfly-duotone",
};

/** Unknown icons fall back to the mountain, as the spec says. */
export function CardIcon({ name, className }: { name: string; className?: string }) {
  const known = Object.hasOwn(CATEGORY_ICONS, name);
  return (
    <Icon
      name={CATEGORY_ICONS[known ? name : "mountain"] ?? "mountains-duotone"}
      className={className}
      data-icon={known ? name : "mountain"}
    />
  );
}
