import { defineConfig } from "vitest/config";
import { aliases } from "./vitest.shared.ts";

/** Unit tests: pure logic and the seed data, in Node. */
export default defineConfig({
  resolve: { alias: aliases },
  test: { include: ["tests/unit/**/*.test.ts", "tests/node/**/*.test.ts", "tests/deploy/**/*.test.ts"], environment: "node" },
});
