import type { SVGProps } from "react";
import type { IconName } from "./icons/names";
import spriteHref from "./icons/sprite.svg";

export type { IconName };

/**
 * A Phosphor icon from the app's sprite (scripts/lib/icon-sprite.ts lists them): an <svg> that <use>s one symbol, so
 * the icons cost no client JavaScript and render the same with or without it. Decorative unless given a title.
 */
export function Icon({ name, ...props }: { name: IconName } & Omit<SVGProps<SVGSVGElement>, "children">) {
  return (
    <svg fill="currentColor" aria-hidden="true" focusable="false" {...props}>
      <use href={`${spriteHref}#${name}`} />
    </svg>
  );
}
