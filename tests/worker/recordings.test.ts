/**
 * "Your own voice" in Hear Again (docs/decisions/040-the-light-practice.md): a buyer's recording of a card, stored in
 * R2 under the owner, played back to its owner alone (`private, no-store`), refused with a clear 4xx (and nothing
 * stored) when it is too large, not audio, or for a card they cannot open, and gone with the account.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PASSWORD } from "../support/identities";
import { fetchApp, ORIGIN, postForm, visibleText } from "./helpers";
import { api, buyer, type Caller, paidCard, previewCardIds, signedInUser } from "./library-support";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...part].map((char) => char.charCodeAt(0)) : part)));
const pad = (head: Uint8Array, size = 256) => {
  const out = new Uint8Array(size);
  out.set(head);
  return out;
};

/** The first bytes each browser's MediaRecorder writes: Chromium's WebM, Firefox's Ogg, Safari's MP4. */
const WEBM = pad(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0x82, 0x84], "webm"));
const OGG = pad(bytes("OggS", [0, 2], new Array(22).fill(0), [1, 19], "OpusHead"));
const MP4 = pad(bytes([0, 0, 0, 0x18], "ftyp", "M4A ", [0, 0, 0, 0], "M4A isom"));
const PNG = pad(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], "IHDR"));
const AVIF = pad(bytes([0, 0, 0, 0x1c], "ftyp", "avif", [0, 0, 0, 0], "avifmif1"));

function upload(caller: Pick<Caller, "cookie">, cardId: string, body: Uint8Array<ArrayBuffer>, type = "audio/webm;codecs=opus") {
  const form = new FormData();
  form.append("recording", new Blob([body], { type }), "recording.webm");
  return fetchApp(`/recordings/${cardId}`, {
    method: "POST",
    headers: { Cookie: caller.cookie, Origin: ORIGIN, Accept: "application/json" },
    body: form,
  });
}
const play = (caller: Pick<Caller, "cookie"> | null, cardId: string, headers: Record<string, string> = {}) =>
  fetchApp(`/recordings/${cardId}`, { headers: caller ? { ...headers, Cookie: caller.cookie } : headers });
const stored = (caller: Caller, cardId: string) => env.CARD_ASSETS.head(`recordings/${caller.id}/${cardId}`);
const rows = async (caller: Caller) =>
  (await env.DB.prepare("SELECT card_id, content_type, bytes FROM voice_recordings WHERE user_id = ?").bind(caller.id).all()).results;
const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;

describe("recording the affirmation in your own voice", () => {
  it.each([
    ["WebM/Opus", WEBM, "audio/webm"],
    ["Ogg/Opus", OGG, "audio/ogg"],
    ["MP4/AAC", MP4, "audio/mp4"],
  ])("keeps a %s recording and plays it back to its owner only, never cached", async (_name, body, type) => {
    const me = await buyer("voice");
    const card = await paidCard();
    // The declared type is ignored: the bytes decide.
    expect((await upload(me, card.id, body, "application/octet-stream")).status).toBe(201);
    const back = await play(me, card.id);
    expect(back.status).toBe(200);
    expect(back.headers.get("Content-Type")).toBe(type);
    expect(back.headers.get("Cache-Control")).toBe("private, no-store");
    expect(new Uint8Array(await back.arrayBuffer())).toEqual(body);
    // Safari asks for ranges.
    const part = await play(me, card.id, { Range: "bytes=0-3" });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes 0-3/${body.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(body.subarray(0, 4));

    const page = visibleText(await (await fetchApp(`/cards/${card.id}`, { headers: { Cookie: me.cookie } })).text());
    expect(page).toContain("Your recording");
    expect(page).toContain("Delete");
  });

  it("counts a saved recording as spoken, with First Words; a refused one counts nothing", async () => {
    const me = await buyer("voice-spoken");
    const card = await paidCard();
    const spoken = async () =>
      ((await (await api(`/api/user/${me.id}/stats`, { token: me.token })).json()) as { totalSpokenAffirmations: number })
        .totalSpokenAffirmations;
    expect((await upload(me, card.id, PNG)).status).toBe(415);
    expect(await spoken()).toBe(0);

    const saved = await upload(me, card.id, WEBM);
    expect(saved.status).toBe(201);
    // The recorder shows the badge the answer names.
    expect(await saved.json()).toMatchObject({ saved: true, newBadges: [{ badge: { name: "First Words" } }] });
    expect(await spoken()).toBe(1);
    // Each recording is the buyer speaking again; deleting one does not unsay it.
    await upload(me, card.id, OGG);
    expect(await spoken()).toBe(2);
    expect((await postForm(`/recordings/${card.id}`, { intent: "delete" }, { cookie: me.cookie })).status).toBe(200);
    expect(await spoken()).toBe(2);
  });

  it("replaces the old recording with a new one: one per card per buyer", async () => {
    const me = await buyer("re-record");
    const card = await paidCard();
    await upload(me, card.id, WEBM);
    expect((await upload(me, card.id, OGG)).status).toBe(201);
    expect(await rows(me)).toEqual([{ card_id: card.id, content_type: "audio/ogg", bytes: OGG.length }]);
    expect(new Uint8Array(await (await play(me, card.id)).arrayBuffer())).toEqual(OGG);
  });

  it.each([
    ["a PNG declared as audio/webm", PNG],
    ["text declared as audio/webm", new TextEncoder().encode("I am not a recording, just some words padded out.")],
    ["an AVIF image (an ftyp box, but a picture)", AVIF],
  ])("refuses %s with a clear 415 and stores nothing", async (_name, body) => {
    const me = await buyer("not-audio");
    const card = await paidCard();
    const refused = await upload(me, card.id, body);
    expect(refused.status).toBe(415);
    expect(await errorOf(refused)).toBe("That file is not a recording this app can play.");
    expect(await rows(me)).toEqual([]);
    expect(await stored(me, card.id)).toBeNull();
  });

  it("refuses more than 2 MB with a clear 413 and stores nothing, whether or not the body gate sees it first", async () => {
    const me = await buyer("too-long");
    const card = await paidCard();
    const justOver = pad(WEBM, 2 * 1024 * 1024 + 1);
    const refused = await upload(me, card.id, justOver);
    expect(refused.status).toBe(413);
    expect(await errorOf(refused)).toBe("Recordings can be at most 2 MB.");
    const huge = await upload(me, card.id, pad(WEBM, 3 * 1024 * 1024));
    expect(huge.status).toBe(413);
    expect(await huge.text()).toContain("Recordings can be at most 2 MB.");
    expect(await rows(me)).toEqual([]);
    expect(await stored(me, card.id)).toBeNull();
    // Exactly 2 MB is fine.
    expect((await upload(me, card.id, pad(WEBM, 2 * 1024 * 1024))).status).toBe(201);
  });

  it("refuses a card the account cannot open (attack): no access, no such card, no session", async () => {
    const member = await signedInUser("voice-member");
    const card = await paidCard();
    const refused = await upload(member, card.id, WEBM);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe("Recording your voice comes with the full collection.");
    const [preview] = await previewCardIds();
    expect((await upload(member, preview!, WEBM)).status).toBe(403);
    expect(await rows(member)).toEqual([]);
    expect(await stored(member, card.id)).toBeNull();

    const me = await buyer("voice-no-card");
    expect((await upload(me, "no-such-card", WEBM)).status).toBe(404);
    expect(await rows(me)).toEqual([]);
    expect((await upload({ cookie: "" }, card.id, WEBM)).status).toBe(401);
    expect((await play(null, card.id)).status).toBe(401);
  });

  it("plays and deletes only for its owner: another account gets 404 and the recording stays (attack)", async () => {
    const owner = await buyer("voice-owner");
    const other = await buyer("voice-other");
    const card = await paidCard();
    await upload(owner, card.id, WEBM);
    const peek = await play(other, card.id);
    expect(peek.status).toBe(404);
    expect(peek.headers.get("Cache-Control")).toBe("private, no-store");
    const deleted = await postForm(`/recordings/${card.id}`, { intent: "delete" }, { cookie: other.cookie });
    expect(deleted.status).toBe(404);
    expect((await play(owner, card.id)).status).toBe(200);
    expect(await stored(owner, card.id)).not.toBeNull();
    // A cross-site form is refused before it is read.
    const forged = await postForm(`/recordings/${card.id}`, { intent: "delete" }, { cookie: owner.cookie, origin: "https://evil.example" });
    expect(forged.status).toBe(403);
    expect(await stored(owner, card.id)).not.toBeNull();

    // The owner's plain form deletes it and comes back where it was sent from.
    const mine = await postForm(`/recordings/${card.id}`, { intent: "delete", returnTo: "/today#hear-again" }, { cookie: owner.cookie });
    expect(mine.status).toBe(302);
    expect(mine.headers.get("Location")).toBe("/today#hear-again");
    expect((await play(owner, card.id)).status).toBe(404);
    expect(await stored(owner, card.id)).toBeNull();
    expect(await rows(owner)).toEqual([]);
  });

  it("lists the recordings in the export (not their bytes) and deletes them with the account", async () => {
    const me = await buyer("voice-leaving");
    const card = await paidCard();
    const [preview] = await previewCardIds();
    await upload(me, card.id, WEBM);
    await upload(me, preview!, MP4);
    const exported = JSON.parse(await (await fetchApp("/account/data.json", { headers: { Cookie: me.cookie } })).text());
    expect(exported.voiceRecordings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ cardId: card.id, contentType: "audio/webm", bytes: WEBM.length }),
        expect.objectContaining({ cardId: preview, contentType: "audio/mp4", bytes: MP4.length }),
      ]),
    );

    const deleted = await postForm(
      "/account/delete",
      { intent: "delete-with-password", password: PASSWORD, confirm: "on" },
      { cookie: me.cookie },
    );
    expect(deleted.status).toBe(302);
    expect(await stored(me, card.id)).toBeNull();
    expect(await stored(me, preview!)).toBeNull();
    expect(await rows(me)).toEqual([]);
  });
});
