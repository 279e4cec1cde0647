import { fileURLToPath } from "node:url";

/** The tsconfig path aliases, for vitest. */
export const aliases = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "#db": fileURLToPath(new URL("./db", import.meta.url)),
};
