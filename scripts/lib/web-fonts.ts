/**
 * The web fonts the pages use, cut from Fontsource's Latin files (docs/decisions/031-first-paint-styles-fonts-icons.md). Each face is
 * split in two by `unicode-range`: a core file with the characters the copy and the cards are written in (ASCII and
 * the typographic punctuation), which every page downloads, and a file with the rest of Fontsource's Latin range,
 * which a browser fetches only for a page that shows one of those letters (an accented name, say). The core file is
 * about a third smaller than Fontsource's. Change a face or a range here, then run `npm run fonts` and commit the output.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import subsetFont from "subset-font";

export const FONTS_DIR = join("app", "fonts");
export const FONTS_CSS = "fonts.css";

type Face = {
  family: "Lora";
  /** The weights the file draws: a variable font's range, written as @font-face's `font-weight` takes it. */
  weights: { min: number; max: number };
  style: "normal";
  /** Fontsource's Latin file the face is cut from. */
  source: string;
};

/**
 * Lora, the brand's serif, for headings (700) and the cards (400): one variable file draws both weights, so a page
 * waits for one serif file before it looks finished, not one per weight (docs/decisions/038-one-serif-file.md). The
 * site sets no serif text in italic, so no italic face is served. The interface text is set in the reader's own
 * system font (`font-sans` in tailwind.config.ts): it costs no download and no re-layout when a font arrives.
 */
const FACES: Face[] = [
  {
    family: "Lora",
    weights: { min: 400, max: 700 },
    style: "normal",
    source: join("node_modules", "@fontsource-variable", "lora", "files", "lora-latin-wght-normal.woff2"),
  },
];

type Range = [first: number, last: number];

/** Fontsource's `latin` range: what its Latin files hold. */
const LATIN: Range[] = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

/** Control characters never draw a glyph, so neither file claims them. */
const CONTROLS: Range[] = [
  [0x0000, 0x001f],
  [0x007f, 0x009f],
];

/**
 * What the site is written in: ASCII, the no-break space, © and ·, and the dashes, curly quotes, bullet and ellipsis
 * of the cards' text. A character outside it still shows in the face, from the second file.
 */
const CORE: Range[] = [
  [0x0020, 0x007e],
  [0x00a0, 0x00a0],
  [0x00a9, 0x00a9],
  [0x00b7, 0x00b7],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
];

/** The characters every page downloads the faces for; any other Latin character comes from a face's second file. */
export function coreCodePoints(): Set<number> {
  return codePoints(CORE);
}

function codePoints(ranges: Range[]): Set<number> {
  const points = new Set<number>();
  for (const [first, last] of ranges) for (let point = first; point <= last; point++) points.add(point);
  return points;
}

/** Sorted code points as the shortest list of ranges. */
function rangesOf(points: Set<number>): Range[] {
  const sorted = [...points].sort((a, b) => a - b);
  const ranges: Range[] = [];
  for (const point of sorted) {
    const last = ranges.at(-1);
    if (last && point === last[1] + 1) last[1] = point;
    else ranges.push([point, point]);
  }
  return ranges;
}

function unicodeRange(ranges: Range[]): string {
  const hex = (point: number) => point.toString(16).toUpperCase().padStart(4, "0");
  return ranges.map(([first, last]) => (first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`)).join(", ");
}

function fileName({ family, weights, style }: Face, part: "core" | "rest"): string {
  return `${family.toLowerCase()}-${weights.min}-${weights.max}-${style}-${part}.woff2`;
}

type WebFonts = { files: { name: string; bytes: Uint8Array }[]; css: string };

let built: Promise<WebFonts> | null = null;

/**
 * The woff2 files (two per face) and the stylesheet of their @font-face rules. Subsetting takes seconds and its inputs
 * are fixed files, so a process builds them once (the unit test reads them twice).
 */
export function buildWebFonts(): Promise<WebFonts> {
  built ??= subsetWebFonts();
  return built;
}

async function subsetWebFonts(): Promise<WebFonts> {
  const core = coreCodePoints();
  const controls = codePoints(CONTROLS);
  const rest = new Set([...codePoints(LATIN)].filter((point) => !core.has(point) && !controls.has(point)));
  const parts = [
    { part: "core" as const, points: core },
    { part: "rest" as const, points: rest },
  ];
  const files: WebFonts["files"] = [];
  const rules: string[] = [];
  for (const face of FACES) {
    const source = readFileSync(face.source);
    for (const { part, points } of parts) {
      const name = fileName(face, part);
      const text = String.fromCodePoint(...points);
      files.push({ name, bytes: new Uint8Array(await subsetFont(source, text, { targetFormat: "woff2" })) });
      rules.push(
        [
          "@font-face {",
          `  font-family: ${face.family};`,
          `  font-style: ${face.style};`,
          `  font-weight: ${face.weights.min} ${face.weights.max};`,
          // Text paints at once in the fallback and takes the face when it arrives.
          "  font-display: swap;",
          `  src: url("./${name}") format("woff2");`,
          `  unicode-range: ${unicodeRange(rangesOf(points))};`,
          "}",
        ].join("\n"),
      );
    }
  }
  const header = "/* Generated by `npm run fonts` from scripts/lib/web-fonts.ts: do not edit. */";
  return { files, css: `${header}\n${rules.join("\n")}\n` };
}
