import type { ReactNode } from "react";

/** The drawing kit of the wallpaper guide's pictures (setup-guide.tsx, android-guide.tsx): a phone, its text, an action block. */
export const SCREEN = "#ffffff";
export const GROUP = "#f2f2f7";
export const LABEL = "#1c1c1e";
export const MUTED = "#6b6b72";
export const BLUE = "#0a64d6";
export const FONT = "system-ui, -apple-system, 'Segoe UI', sans-serif";

/** A phone's outline and screen, 160 x 300, with `children` drawn on the screen. */
export function Phone({ label, children }: { label: string; children: ReactNode }) {
  return (
    <svg viewBox="0 0 160 300" role="img" aria-label={label} className="h-auto w-full" fontFamily={FONT}>
      <rect x="4" y="4" width="152" height="292" rx="26" fill={SCREEN} stroke="currentColor" strokeWidth="4" />
      <rect x="60" y="13" width="40" height="11" rx="5.5" fill="#111114" />
      {children}
    </svg>
  );
}

export function Text({
  x,
  y,
  size = 10,
  weight = 400,
  fill = LABEL,
  anchor,
  children,
}: {
  x: number;
  y: number;
  size?: number;
  weight?: number;
  fill?: string;
  anchor?: "middle" | "end";
  children: ReactNode;
}) {
  return (
    <text x={x} y={y} fontSize={size} fontWeight={weight} fill={fill} textAnchor={anchor}>
      {children}
    </text>
  );
}

/** An action in a shortcut: a rounded block with a coloured icon. */
export function ActionBlock({ y, height = 44, color, children }: { y: number; height?: number; color: string; children: ReactNode }) {
  return (
    <g>
      <rect x="14" y={y} width="132" height={height} rx="10" fill={GROUP} />
      <rect x="22" y={y + 10} width="16" height="16" rx="4" fill={color} />
      {children}
    </g>
  );
}
