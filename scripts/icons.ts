/** Writes the icon sprite and its names (scripts/lib/icon-sprite.ts says which icons). */
import { writeFileSync } from "node:fs";
import { buildIconSprite, NAMES_FILE, SPRITE_FILE } from "./lib/icon-sprite";

const { sprite, names } = buildIconSprite();
writeFileSync(SPRITE_FILE, sprite);
writeFileSync(NAMES_FILE, names);
console.log(`Wrote ${SPRITE_FILE} (${sprite.length} bytes) and ${NAMES_FILE}`);
