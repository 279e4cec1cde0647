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
// Elegant: cream paper, Lora centred, a thin gold double rule
// ---------------------------------------------------------------------------------------------------------------

export function elegant(card: DrawnCard, frame: ImageFrame): ImageElement {
  const { format, width, height } = frame;
  const clear = lockScreenClear(height);
  const bottom = lockScreenBottom(height);
  const c = contentOf(card);
  const gold = "#B08D43";
  const ink = "#3B2F25";
  const paper = "#FBF6EC";
  const wide = format === "card";
  const inset = wide ? 34 : 44;
  const padX = wide ? 110 : 110;
  const padY = wide ? 70 : 170;
  // The frame's own width (2 + 8 + 1) and the inset lie above the words, inside the clear band.
  const padTop = wide ? padY : clear - inset - 11;
  const padBottom = wide ? padY : bottom - inset;
  const textWidth = width - 2 * inset - 2 * padX;
  const titleSize = fitFontSize(
    [{ chars: c.title.length, ratio: 1, lineHeight: 1.2, charWidth: 0.55 }],
    { width: textWidth, height: wide ? 60 : 140 },
    { min: 30, max: wide ? 46 : 64 },
  );
  const refLine = wide ? 34 : 48;
  const base = fitFontSize(
    [
      { chars: c.affirmation.length, ratio: 1, lineHeight: 1.4, charWidth: 0.5 },
      { chars: c.verseChars, ratio: 0.82, lineHeight: 1.4, charWidth: 0.48 },
    ],
    {
      width: textWidth,
      height: height - 2 * inset - padTop - padBottom,
      fixed: titleSize * 1.3 + 60 + 40 + 30 + c.verses.length * (refLine + 14),
    },
    { min: wide ? 17 : 24, max: wide ? 34 : 52 },
  );
  const ornament = box(
    { alignItems: "center", justifyContent: "center", marginTop: 18, marginBottom: 22 },
    box({ width: 70, height: 1, backgroundColor: gold }),
    box({ width: 10, height: 10, backgroundColor: gold, transform: "rotate(45deg)", marginLeft: 14, marginRight: 14 }),
    box({ width: 70, height: 1, backgroundColor: gold }),
  );
  const verses = c.verses.map((verse) =>
    box(
      { flexDirection: "column", alignItems: "center", marginTop: 14 },
      text(
        { fontFamily: "Lora", fontStyle: "italic", fontSize: Math.round(base * 0.82), lineHeight: 1.4, textAlign: "center", color: ink },
        quoted(verse.text),
      ),
      text(
        {
          fontFamily: "Inter",
          fontWeight: 600,
          fontSize: Math.max(14, Math.round(base * 0.5)),
          letterSpacing: 3,
          color: gold,
          marginTop: 6,
        },
        verse.reference.toUpperCase(),
      ),
    ),
  );
  return box(
    { width, height, backgroundColor: paper, padding: inset, fontFamily: "Lora" },
    // The double rule as nested fills, not borders (a border costs resvg a mask: several times a fill).
    box(
      { flex: 1, backgroundColor: gold, padding: 2 },
      box(
        { flex: 1, backgroundColor: paper, padding: 8 },
        box(
          { flex: 1, backgroundColor: gold, padding: 1 },
          box(
            {
              flex: 1,
              flexDirection: "column",
              alignItems: "center",
              justifyContent: "center",
              backgroundColor: paper,
              padding: `${padTop - 11}px ${padX - 11}px ${padBottom - 11}px`,
            },
            text({ fontFamily: "Lora", fontWeight: 700, fontSize: titleSize, color: ink, textAlign: "center", lineHeight: 1.2 }, c.title),
            ornament,
            text({ fontFamily: "Lora", fontSize: base, lineHeight: 1.4, color: ink, textAlign: "center" }, c.affirmation),
            box({ flexDirection: "column", alignItems: "center", marginTop: 20 }, ...verses),
            text(
              { fontFamily: "Inter", fontWeight: 600, fontSize: wide ? 14 : 20, letterSpacing: 4, color: gold, marginTop: wide ? 24 : 48 },
              MARK.toUpperCase(),
            ),
          ),
        ),
      ),
    ),
  );
}
