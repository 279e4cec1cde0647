import type { AllExperimentSettings, CtaPlacement, ExperimentName, Variant } from "./experiments";
import type { Comparison } from "./statistics";

/** What /admin shows of each test: its counts per variant and the comparison of B with A (results.server.ts). */
export type VariantResult = {
  variant: Variant;
  visitors: number;
  previewClicks: number;
  ctaClicks: Record<CtaPlacement, number>;
  conversions: number;
  conversionRate: number | null;
};

export type ExperimentResult = {
  name: ExperimentName;
  description: string;
  settings: AllExperimentSettings[ExperimentName];
  variants: VariantResult[];
  comparison: Comparison;
};
