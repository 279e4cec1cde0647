import satori from "satori";
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

/**
 * A canary for satori upgrades: the rewrite matches satori's SVG by its exact shape, and a satori that drew gradients
 * another way would slip past it silently (the images would only get slower). This draws gradients with the installed
 * satori, as the card designs do (app/modules/images/designs.ts), and checks the rewrite still takes them.
 */
describe("fillGradientsDirectly on the installed satori's output", () => {
  const draw = (children: unknown[], backgroundImage: string) =>
    satori(
      { type: "div", props: { style: { width: 1200, height: 800, display: "flex", backgroundImage }, children } } as Parameters<
        typeof satori
      >[0],
      { width: 1200, height: 800, fonts: [] },
    );

  it("takes a background gradient over the whole image", async () => {
    const svg = await draw([], "linear-gradient(160deg, #DCE9DD 0%, #E6E4EE 55%, #DDD3EC 100%)");
    expect(svg, "satori still draws a gradient as a pattern").toMatch(/fill="url\(#satori_pattern_id_0\)"/);
    const rewritten = fillGradientsDirectly(svg);
    expect(rewritten).not.toContain('fill="url(#satori_pattern_id_0)"');
    expect(rewritten.endsWith('fill="url(#satori_biid_0)"/></svg>'), rewritten.slice(-200)).toBe(true);
  });

  it("takes a gradient on a box inside the image", async () => {
    const chip = {
      type: "div",
      props: { style: { width: 300, height: 120, backgroundImage: "linear-gradient(165deg, #FCD77F 0%, #E07357 100%)" } },
    };
    const svg = await draw([chip], "linear-gradient(90deg, #FFFFFF, #EEEEEE)");
    const patterns = [...svg.matchAll(/<pattern id="([^"]+)"/g)].map(([, id]) => id);
    expect(patterns, "one pattern per gradient").toHaveLength(2);
    const rewritten = fillGradientsDirectly(svg);
    for (const id of patterns) expect(rewritten, id).not.toContain(`fill="url(#${id})"`);
  });
});
