import { defineConfig } from "vitest/config";
import { aliases } from "./vitest.shared.ts";

/** Unit tests: pure logic and the seed data, in Node. */
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/node/**/*.test.ts", "tests/deploy/**/*.test.ts"],
    environment: "node",
    // A few tests do real work (cutting the web fonts, 10,000 assignments): 5 s was too little on a busy machine.
    testTimeout: 30_000,
  },
});
