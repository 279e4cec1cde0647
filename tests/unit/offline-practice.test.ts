/**
 * /today in the installed app offline (docs/decisions/045-practice-listen-and-offline.md, Offline): what the page says about
 * the day it shows, the service worker's answer to a practice form posted with no network, and the parts of a kept
 * recording it serves to a media element.
 */
import { describe, expect, it } from "vitest";
import { keptDayNotice, spokenDay } from "~/modules/practice/offline-practice";
import { EVENING_ANSWER_LABELS } from "~/modules/practice/practice.schema";
import { byteRange, byteRangeResponse } from "../../service-worker/byte-range";
import { EVENING_ANSWERS, practiceNotSavedHtml } from "../../service-worker/offline-page";

describe("keptDayNotice", () => {
  it("says nothing online on the phone's own day, and that saving waits for the network offline", () => {
    expect(keptDayNotice({ pageDay: "2026-11-27", deviceDay: "2026-11-27", online: true })).toBeNull();
    expect(keptDayNotice({ pageDay: "2026-11-27", deviceDay: "2026-11-27", online: false })).toEqual({ kind: "offline" });
  });

  it("names the day of a practice drawn for another day, offline or not, never passing it off as today's", () => {
    expect(keptDayNotice({ pageDay: "2026-11-26", deviceDay: "2026-11-27", online: false })).toEqual({
      kind: "offline-other-day",
      day: "2026-11-26",
    });
    expect(keptDayNotice({ pageDay: "2026-11-26", deviceDay: "2026-11-27", online: true })).toEqual({
      kind: "other-day",
      day: "2026-11-26",
    });
  });

  it("says a day as a person does, whatever the phone's zone", () => {
    expect(spokenDay("2026-11-26")).toBe("Thursday, November 26");
    expect(spokenDay("not a day")).toBe("not a day");
  });
});

describe("the worker's answer to a practice form posted offline", () => {
  const page = (fields: Parameters<typeof practiceNotSavedHtml>[0]["fields"], hasToday = true) =>
    practiceNotSavedHtml({ fields, hasToday, headingFont: undefined });

  it("gives the buyer's words back, as text, in a form that posts them to /today again", () => {
    const html = page({ intent: "reflect", reflection: 'Slowly </textarea><script>alert("x")</script> & "kindly"' });
    expect(html).toContain('<form method="post" action="/today">');
    expect(html).toContain('<input type="hidden" name="intent" value="reflect">');
    expect(html).toContain(
      '<textarea id="reflection" name="reflection" rows="4" maxlength="1200">Slowly &#60;/textarea&#62;&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#34;kindly&#34;</textarea>',
    );
    expect(html).not.toContain("<script");
    expect(html).toContain("Your reflection was not saved");
    expect(html).toContain('<a class="secondary" href="/today">Back to today\'s practice</a>');
    expect(page({ intent: "reflect", reflection: "" }, false)).not.toContain("Back to today's practice");
  });

  it("keeps the evening answer as the form labels it, and its line", () => {
    expect(EVENING_ANSWERS).toEqual(EVENING_ANSWER_LABELS);
    const html = page({ intent: "evening", answer: "not-yet", note: "Tomorrow." });
    expect(html).toContain('<input type="hidden" name="answer" value="not-yet">');
    expect(html).toContain("Did you live it today? <strong>Not yet</strong>");
    expect(html).toContain(">Tomorrow.</textarea>");
    // An answer the form never offers is not echoed.
    expect(page({ intent: "evening", answer: "<b>maybe</b>" })).not.toContain("maybe");
  });

  it("says plainly that saying it aloud was not recorded", () => {
    const html = page({ intent: "said-aloud" });
    expect(html).toContain("“I said it aloud” was not recorded");
    expect(html).not.toContain("<textarea");
  });
});

describe("a kept recording's parts", () => {
  it("reads one range as a server does: from, to, open-ended and the last bytes", () => {
    expect(byteRange("bytes=0-", 100)).toEqual([0, 99]);
    expect(byteRange("bytes=10-19", 100)).toEqual([10, 19]);
    expect(byteRange("bytes=90-500", 100)).toEqual([90, 99]);
    expect(byteRange("bytes=-10", 100)).toEqual([90, 99]);
    expect(byteRange("bytes=-500", 100)).toEqual([0, 99]);
  });

  it("finds nothing to send for a range past the end, backwards, empty or of another unit", () => {
    for (const range of ["bytes=100-", "bytes=20-10", "bytes=-0", "bytes=-", "items=0-1", "bytes=0-1,5-6"]) {
      expect(byteRange(range, 100), range).toBeNull();
    }
  });

  it("answers 206 with the part and its place, 416 for none, and 200 whole without a range", async () => {
    const body = new Uint8Array(Array.from({ length: 100 }, (_, index) => index)).buffer;
    const headers = new Headers({ "Content-Type": "audio/webm", "Cache-Control": "private, no-store" });

    const part = byteRangeResponse(body, headers, "bytes=10-19");
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe("bytes 10-19/100");
    expect(part.headers.get("Content-Length")).toBe("10");
    expect(part.headers.get("Content-Type")).toBe("audio/webm");
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);

    const none = byteRangeResponse(body, headers, "bytes=200-");
    expect(none.status).toBe(416);
    expect(none.headers.get("Content-Range")).toBe("bytes */100");

    const whole = byteRangeResponse(body, headers, null);
    expect(whole.status).toBe(200);
    expect((await whole.arrayBuffer()).byteLength).toBe(100);
  });
});
