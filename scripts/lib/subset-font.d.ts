// subset-font ships no types; this is the part of its API scripts/lib/web-fonts.ts uses.
declare module "subset-font" {
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: { targetFormat?: "sfnt" | "woff" | "woff2" | "truetype" },
  ): Promise<Uint8Array>;
}
