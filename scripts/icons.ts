/**
 * Writes the icon sprite and its names (scripts/lib/icon-sprite.ts says which icons), and the installed app's icons,
 * favicon.ico and web app manifest, drawn from public/favicon.svg (scripts/lib/app-icons.ts).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { buildAppIcons } from "./lib/app-icons";
import { buildIconSprite, NAMES_FILE, SPRITE_FILE } from "./lib/icon-sprite";

const { sprite, names } = buildIconSprite();
writeFileSync(SPRITE_FILE, sprite);
writeFileSync(NAMES_FILE, names);
console.log(`Wrote ${SPRITE_FILE} (${sprite.length} bytes) and ${NAMES_FILE}`);

for (const { file, bytes } of await buildAppIcons()) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  console.log(`Wrote ${file} (${bytes.length} bytes)`);
}
