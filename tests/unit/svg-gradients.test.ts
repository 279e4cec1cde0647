import { describe, expect, it } from "vitest";
import { fillGradientsDirectly } from "../../worker/svg-gradients";

const gradient =
  '<linearGradient id="satori_biid_0" x1="0.1" y1="0" x2="0.9" y2="1" spreadMethod="pad"><stop offset="0%" stop-color="#DCE9DD"/><stop offset="100%" stop-color="#DDD3EC"/></linearGradient>';
const wholeBox = `<pattern id="satori_pattern_id_0" x="0" y="0" width="1" height="1" patternUnits="objectBoundingBox">${gradient}<rect x="0" y="0" width="1200" height="800" fill="url(#satori_pattern_id_0x)"/></pattern>`;

describe("fillGradientsDirectly", () => {
  it("fills with the gradient itself where the pattern is one whole-box tile of it", () => {
    const pattern = `<pattern id="satori_pattern_id_0" x="0" y="0" width="1" height="1" patternUnits="objectBoundingBox">${gradient}<rect x="0" y="0" width="1200" height="800" fill="url(#satori_biid_0)"/></pattern>`;
    const svg = `<svg><defs>${pattern}</defs><rect x="0" y="0" width="1200" height="800" fill="url(#satori_pattern_id_0)"/></svg>`;
    const result = fillGradientsDirectly(svg);
    expect(result).toContain('<rect x="0" y="0" width="1200" height="800" fill="url(#satori_biid_0)"/></svg>');
    expect(result).not.toContain('fill="url(#satori_pattern_id_0)"');
  });

  it("leaves any other pattern alone", () => {
    const tiled = `<svg><defs>${wholeBox.replace('width="1" height="1"', 'width="0.5" height="0.5"')}</defs><rect fill="url(#satori_pattern_id_0)"/></svg>`;
    expect(fillGradientsDirectly(tiled)).toBe(tiled);
    const otherRect = `<svg><defs>${wholeBox}</defs><rect fill="url(#satori_pattern_id_0)"/></svg>`;
    expect(fillGradientsDirectly(otherRect)).toBe(otherRect);
  });
});
