import {
  box,
  contentOf,
  type DrawnCard,
  fitFontSize,
  type ImageFrame,
  lockScreenBottom,
  lockScreenClear,
  MARK,
  quoted,
  ring,
  text,
} from "../design-kit";
import type { ImageElement } from "../engine";

// ---------------------------------------------------------------------------------------------------------------
// Peaceful: soft sage-to-lavender, lots of space, a rounded inner panel
// ---------------------------------------------------------------------------------------------------------------

export function peaceful(card: DrawnCard, frame: ImageFrame): ImageElement {
  const { format, width, height } = frame;
  const clear = lockScreenClear(height);
  const bottom = lockScreenBottom(height);
  const c = contentOf(card);
  const slate = "#3E4A45";
  const sage = "#6F8F7A";
  const lavender = "#8A7BA8";
  const wide = format === "card";
  const margin = wide ? 70 : 90;
  const pad = wide ? 56 : 80;
  const textWidth = width - 2 * margin - 2 * pad;
  const titleSize = wide ? 18 : 26;
  const refSize = wide ? 16 : 24;
  const base = fitFontSize(
    [
      { chars: c.affirmation.length, ratio: 1, lineHeight: 1.5, charWidth: 0.52 },
      { chars: c.verseChars, ratio: 0.78, lineHeight: 1.55, charWidth: 0.53 },
    ],
    {
      width: textWidth,
      // The mark sits below the panel; the wallpaper's panel lies between the lock screen's clear bands, the mark in the
      // bottom one, centred between the buttons.
      height: wide ? height - 2 * margin - 2 * pad - 34 : height - clear - pad - bottom,
      fixed: titleSize * 1.4 + 36 + 36 + c.verses.length * (refSize * 1.4 + 18),
    },
    { min: wide ? 16 : 24, max: wide ? 32 : 46 },
  );
  return box(
    {
      width,
      height,
      flexDirection: "column",
      alignItems: "center",
      justifyContent: "center",
      backgroundImage: "linear-gradient(160deg, #DCE9DD 0%, #E6E4EE 55%, #DDD3EC 100%)",
      padding: wide ? margin : `${clear - pad}px ${margin}px ${bottom - 50}px`,
    },
    box(
      {
        flex: 1,
        width: "100%",
        flexDirection: "column",
        alignItems: "center",
        justifyContent: "center",
        backgroundColor: "rgba(255, 255, 255, 0.55)",
        borderRadius: wide ? 36 : 48,
        padding: pad,
      },
      text(
        { fontFamily: "Inter", fontWeight: 600, fontSize: titleSize, letterSpacing: 5, color: sage, textAlign: "center" },
        c.title.toUpperCase(),
      ),
      ring({ size: 36, stroke: lavender, strokeWidth: 2, opacity: 0.6, style: { marginTop: 18, marginBottom: 18 } }),
      text({ fontFamily: "Lora", fontSize: base, lineHeight: 1.5, color: slate, textAlign: "center" }, c.affirmation),
      box(
        { flexDirection: "column", alignItems: "center", marginTop: 36 },
        ...c.verses.map((verse, index) =>
          box(
            { flexDirection: "column", alignItems: "center", marginTop: index === 0 ? 0 : 18 },
            text(
              { fontFamily: "Inter", fontSize: Math.round(base * 0.78), lineHeight: 1.55, color: slate, textAlign: "center" },
              quoted(verse.text),
            ),
            text({ fontFamily: "Inter", fontWeight: 600, fontSize: refSize, color: lavender, marginTop: 6 }, verse.reference),
          ),
        ),
      ),
    ),
    text(
      { fontFamily: "Inter", fontWeight: 600, fontSize: wide ? 14 : 20, letterSpacing: 4, color: sage, marginTop: wide ? 18 : 30 },
      MARK.toUpperCase(),
    ),
  );
}
