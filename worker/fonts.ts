/**
 * The product's fonts as bytes, for the card images and the PDF. wrangler's `Data` rule (wrangler.toml `[[rules]]`)
 * makes each .woff import an ArrayBuffer inside the Worker bundle; satori and pdf-lib both read WOFF.
 */

import interRegular from "@fontsource/inter/files/inter-latin-400-normal.woff";
import interSemiBold from "@fontsource/inter/files/inter-latin-600-normal.woff";
import interBold from "@fontsource/inter/files/inter-latin-700-normal.woff";
import loraItalic from "@fontsource/lora/files/lora-latin-400-italic.woff";
import loraRegular from "@fontsource/lora/files/lora-latin-400-normal.woff";
import loraBold from "@fontsource/lora/files/lora-latin-700-normal.woff";

export const fontFiles = { loraRegular, loraItalic, loraBold, interRegular, interSemiBold, interBold };

export type FontFiles = typeof fontFiles;
