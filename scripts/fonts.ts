/** Writes the web fonts' files and their @font-face stylesheet (scripts/lib/web-fonts.ts says which faces). */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildWebFonts, FONTS_CSS, FONTS_DIR } from "./lib/web-fonts";

const { files, css } = await buildWebFonts();
mkdirSync(FONTS_DIR, { recursive: true });
// A face taken out of the list leaves no file behind.
for (const stale of readdirSync(FONTS_DIR).filter((name) => name.endsWith(".woff2"))) rmSync(join(FONTS_DIR, stale));
for (const { name, bytes } of files) writeFileSync(join(FONTS_DIR, name), bytes);
writeFileSync(join(FONTS_DIR, FONTS_CSS), css);
const bytes = files.reduce((sum, file) => sum + file.bytes.length, 0);
console.log(`Wrote ${files.length} fonts (${Math.round(bytes / 1024)} KiB) and ${FONTS_CSS} to ${FONTS_DIR}`);
