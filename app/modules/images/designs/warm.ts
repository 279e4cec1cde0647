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
// Warm: golden-hour gradient, a sun-like circle, italic verse
// ---------------------------------------------------------------------------------------------------------------

export function warm(card: DrawnCard, frame: ImageFrame): ImageElement {
  const { format, width, height } = frame;
  const clear = lockScreenClear(height);
  const bottom = lockScreenBottom(height);
  const c = contentOf(card);
  const ink = "#3A1A0C";
  const ember = "#7A2E12";
  const wide = format === "card";
  const padX = wide ? 90 : 90;
  const padTop = wide ? 80 : clear + 20;
  const padBottom = wide ? 70 : bottom;
  const textWidth = width - 2 * padX - (wide ? 160 : 0);
  const titleSize = fitFontSize(
    [{ chars: c.title.length, ratio: 1, lineHeight: 1.15, charWidth: 0.55 }],
    { width: textWidth, height: wide ? 60 : 150 },
    { min: 28, max: wide ? 44 : 66 },
  );
  const refSize = wide ? 17 : 25;
  const base = fitFontSize(
    [
      { chars: c.affirmation.length, ratio: 1, lineHeight: 1.35, charWidth: 0.53 },
      { chars: c.verseChars, ratio: 0.8, lineHeight: 1.45, charWidth: 0.47 },
    ],
    {
      width: textWidth,
      height: height - padTop - padBottom,
      fixed: titleSize * 1.2 + 24 + 30 + 40 + c.verses.length * (refSize * 1.4 + 14),
    },
    { min: wide ? 17 : 24, max: wide ? 34 : 50 },
  );
  const sun = wide ? { size: 420, right: -110, top: -130 } : { size: 560, right: 260, top: 0 };
  return box(
    {
      width,
      height,
      position: "relative",
      flexDirection: "column",
      justifyContent: wide ? "center" : "flex-start",
      backgroundImage: "linear-gradient(165deg, #FCD77F 0%, #F6A662 48%, #E07357 100%)",
      padding: `${padTop}px ${padX}px ${padBottom}px ${padX}px`,
    },
    // The sun: a glowing disc in soft halos (solid translucent discs: a radial gradient costs resvg a mask), and a
    // faint ring, behind the words.
    ...[1, 0.8, 0.62, 0.46].map((scale, index) =>
      box({
        position: "absolute",
        right: sun.right + (sun.size * (1 - scale)) / 2,
        top: sun.top + (sun.size * (1 - scale)) / 2,
        width: sun.size * scale,
        height: sun.size * scale,
        borderRadius: (sun.size * scale) / 2,
        backgroundColor: `rgba(255, 244, 214, ${[0.18, 0.22, 0.3, 0.75][index]})`,
      }),
    ),
    ring({
      size: sun.size * 0.76,
      stroke: "#FFFAEB",
      strokeWidth: 2,
      opacity: 0.7,
      style: { position: "absolute", right: sun.right + sun.size * 0.12, top: sun.top + sun.size * 0.12 },
    }),
    text({ fontFamily: "Lora", fontWeight: 700, fontSize: titleSize, lineHeight: 1.15, color: ember, width: textWidth }, c.title),
    box({ width: 56, height: 3, backgroundColor: ember, borderRadius: 2, marginTop: 18, marginBottom: 24 }),
    text({ fontFamily: "Lora", fontWeight: 700, fontSize: base, lineHeight: 1.35, color: ink, width: textWidth }, c.affirmation),
    box(
      { flexDirection: "column", marginTop: 30, width: textWidth },
      ...c.verses.map((verse, index) =>
        box(
          { flexDirection: "column", marginTop: index === 0 ? 0 : 14 },
          text(
            { fontFamily: "Lora", fontStyle: "italic", fontSize: Math.round(base * 0.8), lineHeight: 1.45, color: ink },
            quoted(verse.text),
          ),
          text({ fontFamily: "Inter", fontWeight: 600, fontSize: refSize, color: ember, marginTop: 4 }, `\u2014 ${verse.reference}`),
        ),
      ),
    ),
    text(
      {
        position: "absolute",
        left: padX,
        bottom: wide ? 30 : 70,
        fontFamily: "Inter",
        fontWeight: 700,
        fontSize: wide ? 15 : 22,
        letterSpacing: 4,
        color: ember,
      },
      MARK.toUpperCase(),
    ),
  );
}
