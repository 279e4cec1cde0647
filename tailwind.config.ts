import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      fontFamily: {
        // The reader's own interface font: no download, no swap (docs/decisions/033-system-font.md).
        sans: ["system-ui", "sans-serif"],
        serif: ["Lora", "ui-serif", "Georgia", "serif"],
      },
      colors: {
        // Palette of the brand; text colours on it are checked for WCAG AA in tests/unit/contrast.test.ts.
        sage: {
          50: "#f4f7f4",
          100: "#e3ebe3",
          200: "#c7d7c8",
          300: "#a3bda5",
          500: "#5f8462",
          700: "#3d5a40",
          800: "#2f4632",
          900: "#223325",
        },
        lavender: { 50: "#f7f5fb", 100: "#ece7f6", 200: "#d9cfee", 300: "#bfaee2", 500: "#8467c2", 700: "#5b3f99", 900: "#34235a" },
        gold: { 100: "#fbf0d9", 300: "#f0cf8a", 500: "#c99a3c", 700: "#7a5a12" },
        ink: { DEFAULT: "rgb(var(--ink) / <alpha-value>)", muted: "rgb(var(--ink-muted) / <alpha-value>)" },
        // Colours that follow the reader's colour scheme on the signed-in and reading pages (`.theme-adaptive`,
        // app/tailwind.css); everywhere else they hold their light values.
        canvas: "rgb(var(--canvas) / <alpha-value>)",
        surface: { DEFAULT: "rgb(var(--surface) / <alpha-value>)", muted: "rgb(var(--surface-muted) / <alpha-value>)" },
        line: "rgb(var(--line) / <alpha-value>)",
        accent: { DEFAULT: "rgb(var(--accent) / <alpha-value>)", soft: "rgb(var(--accent-soft) / <alpha-value>)" },
        /** A field's error message: red-800 on light, a light red on the dark scheme's surfaces. */
        danger: "rgb(var(--danger) / <alpha-value>)",
      },
    },
  },
  plugins: [],
} satisfies Config;
