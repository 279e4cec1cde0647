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
  text,
} from "../design-kit";
import type { ImageElement } from "../engine";

// ---------------------------------------------------------------------------------------------------------------
// Modern: bold Inter, left-aligned on a deep colour block with a strong accent bar
// ---------------------------------------------------------------------------------------------------------------

export function modern(card: DrawnCard, frame: ImageFrame): ImageElement {
  const { format, width, height } = frame;
  const clear = lockScreenClear(height);
  const bottom = lockScreenBottom(height);
  const c = contentOf(card);
  const navy = "#101B3F";
  const panel = "#1C2A5C";
  const accent = "#FF6A3D";
  const wide = format === "card";
  const bar = wide ? 18 : 22;
  const pad = wide ? 64 : 90;
  // Wide: statement on the left, scripture in its own block on the right. Tall: stacked.
  const leftWidth = wide ? Math.round((width - bar) * 0.56) : width - bar;
  const rightWidth = wide ? width - bar - leftWidth : width - bar;
  const titleSize = wide ? 24 : 34;
  // Tall: the statement and the scripture share what lies between the lock screen's clear bands, half each.
  const tallHalf = (height - clear - (bottom - pad)) / 2 - 2 * pad;
  const affirmationSize = fitFontSize(
    [{ chars: c.affirmation.length, ratio: 1, lineHeight: 1.2, charWidth: 0.58 }],
    { width: leftWidth - 2 * pad, height: wide ? height - 2 * pad : tallHalf, fixed: titleSize * 1.3 + 30 + 12 + 40 },
    { min: wide ? 24 : 34, max: wide ? 52 : 76 },
  );
  const refSize = wide ? 17 : 26;
  const verseSize = fitFontSize(
    [{ chars: c.verseChars, ratio: 1, lineHeight: 1.45, charWidth: 0.52 }],
    { width: rightWidth - 2 * pad, height: wide ? height - 2 * pad : tallHalf, fixed: c.verses.length * (refSize * 1.4 + 26) + 60 },
    { min: wide ? 16 : 24, max: wide ? 28 : 40 },
  );
  const statement = box(
    { flexDirection: "column", justifyContent: wide ? "center" : "flex-end", width: leftWidth, padding: pad, ...(wide ? {} : { flex: 1 }) },
    text({ fontFamily: "Inter", fontWeight: 700, fontSize: titleSize, letterSpacing: 2, color: accent }, c.title.toUpperCase()),
    box({ width: 84, height: 6, backgroundColor: accent, marginTop: 18, marginBottom: 28 }),
    text({ fontFamily: "Inter", fontWeight: 700, fontSize: affirmationSize, lineHeight: 1.2, color: "#FFFFFF" }, c.affirmation),
  );
  const scripture = box(
    {
      flexDirection: "column",
      justifyContent: "center",
      width: rightWidth,
      padding: wide ? pad : `${pad}px ${pad}px ${bottom}px`,
      backgroundColor: panel,
      ...(wide ? {} : { flex: 1 }),
    },
    ...c.verses.map((verse, index) =>
      box(
        { flexDirection: "column", marginTop: index === 0 ? 0 : 26 },
        text({ fontFamily: "Inter", fontWeight: 400, fontSize: verseSize, lineHeight: 1.45, color: "#D9E0F5" }, quoted(verse.text)),
        text({ fontFamily: "Inter", fontWeight: 700, fontSize: refSize, color: accent, marginTop: 8 }, verse.reference),
      ),
    ),
    text(
      { fontFamily: "Inter", fontWeight: 700, fontSize: wide ? 15 : 22, letterSpacing: 3, color: "#8C9AC8", marginTop: wide ? 32 : 60 },
      MARK.toUpperCase(),
    ),
  );
  return box(
    { width, height, backgroundColor: navy },
    box({ width: bar, height, backgroundColor: accent }),
    box(
      { flexDirection: wide ? "row" : "column", width: width - bar, height, ...(wide ? {} : { paddingTop: clear }) },
      statement,
      scripture,
    ),
  );
}
