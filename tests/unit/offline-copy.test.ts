/**
 * When the service worker may open a buyer's offline copy (app/modules/offline/protocol.ts): before its session's
 * expiry, while the session's marker cookie is there, and never for a copy that recorded no expiry.
 */
import { describe, expect, it } from "vitest";
import { offlineCopyUsable } from "~/modules/offline/protocol";

const NOW = Date.parse("2026-11-27T08:00:00Z");
const HOUR = 3_600_000;

describe("offlineCopyUsable", () => {
  it("opens a copy before its session's expiry while the marker is there, or where the worker cannot read cookies", () => {
    expect(offlineCopyUsable({ expiresAt: NOW + HOUR, now: NOW, marker: true })).toBe(true);
    expect(offlineCopyUsable({ expiresAt: NOW + HOUR, now: NOW, marker: null })).toBe(true);
  });

  it("never opens one past its expiry, without its marker, or kept before expiries were recorded", () => {
    expect(offlineCopyUsable({ expiresAt: NOW, now: NOW, marker: true })).toBe(false);
    expect(offlineCopyUsable({ expiresAt: NOW - 1, now: NOW, marker: null })).toBe(false);
    expect(offlineCopyUsable({ expiresAt: NOW + HOUR, now: NOW, marker: false })).toBe(false);
    expect(offlineCopyUsable({ expiresAt: null, now: NOW, marker: true })).toBe(false);
  });
});
