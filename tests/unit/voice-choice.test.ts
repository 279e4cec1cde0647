import { describe, expect, it } from "vitest";
import { CHUNK_MAX_CHARS, shownShift, speechChunks, wordSpan } from "~/modules/speech/spoken-text";
import { chooseVoice, rankVoices, type VoiceInfo, voiceLabel } from "~/modules/speech/voice-choice";

/** A device's voice as the browser lists it. */
function voice(name: string, lang: string, extra: Partial<VoiceInfo> = {}): VoiceInfo {
  return { name, lang, voiceURI: extra.voiceURI ?? name, default: false, localService: true, ...extra };
}

const names = (voices: VoiceInfo[]) => voices.map((entry) => entry.name);

describe("choosing the voice that reads a card aloud", () => {
  // What an iPhone lists: compact, enhanced and premium voices, novelty voices, other languages.
  const iphone = [
    voice("Samantha", "en-US", { voiceURI: "com.apple.voice.compact.en-US.Samantha", default: true }),
    voice("Thomas", "fr-FR", { voiceURI: "com.apple.voice.enhanced.fr-FR.Thomas" }),
    voice("Bubbles", "en-US", { voiceURI: "com.apple.speech.synthesis.voice.Bubbles" }),
    voice("Daniel (Enhanced)", "en-GB", { voiceURI: "com.apple.voice.enhanced.en-GB.Daniel" }),
    voice("Zoe (Premium)", "en-US", { voiceURI: "com.apple.voice.premium.en-US.Zoe" }),
    voice("Fred", "en-US", { voiceURI: "com.apple.speech.synthesis.voice.Fred" }),
  ];

  it("puts a natural or enhanced voice of the page's language before a plain one, and a compact one last", () => {
    expect(names(rankVoices(iphone, ["en"]))).toEqual(["Daniel (Enhanced)", "Zoe (Premium)", "Fred", "Samantha"]);
  });

  it("offers only voices of the page's language, and no novelty voice", () => {
    const ranked = names(rankVoices(iphone, ["en"]));
    expect(ranked).not.toContain("Thomas");
    expect(ranked).not.toContain("Bubbles");
    expect(names(rankVoices(iphone, ["fr"]))).toEqual(["Thomas"]);
  });

  it("puts the reader's own region first among voices of the same quality", () => {
    expect(names(rankVoices(iphone, ["en", "en-US", "en-GB"]))[0]).toBe("Zoe (Premium)");
    expect(names(rankVoices(iphone, ["en", "en-GB"]))[0]).toBe("Daniel (Enhanced)");
  });

  it("reads Edge's natural voices, Chrome's served ones and Android's network ones before a local plain voice", () => {
    const chrome = [
      voice("Microsoft David - English (United States)", "en-US", { default: true }),
      voice("Google US English", "en-US", { localService: false }),
      voice("Microsoft Aria Online (Natural) - English (United States)", "en-US", { localService: false }),
    ];
    expect(names(rankVoices(chrome, ["en", "en-US"]))).toEqual([
      "Microsoft Aria Online (Natural) - English (United States)",
      "Google US English",
      "Microsoft David - English (United States)",
    ]);
    // Android spells its languages with an underscore.
    const android = [
      voice("English United States", "en_US", { voiceURI: "en-us-x-iol-local" }),
      voice("English United States", "en_US", { voiceURI: "en-us-x-iom-network" }),
    ];
    expect(rankVoices(android, ["en", "en-US"]).map((entry) => entry.voiceURI)).toEqual(["en-us-x-iom-network", "en-us-x-iol-local"]);
  });

  it("prefers the device's default among voices otherwise alike", () => {
    const alike = [voice("Alex", "en-US"), voice("Victoria", "en-US", { default: true })];
    expect(names(rankVoices(alike, ["en"]))).toEqual(["Victoria", "Alex"]);
  });

  it("keeps the buyer's choice on this device while the device still has that voice", () => {
    expect(chooseVoice(iphone, ["en"], "com.apple.voice.compact.en-US.Samantha")?.name).toBe("Samantha");
    // A voice the device no longer has, or one of another language, gives way to the best.
    expect(chooseVoice(iphone, ["en"], "com.apple.voice.enhanced.en-AU.Karen")?.name).toBe("Daniel (Enhanced)");
    expect(chooseVoice(iphone, ["en"], "com.apple.voice.enhanced.fr-FR.Thomas")?.name).toBe("Daniel (Enhanced)");
    expect(chooseVoice(iphone, ["en"], null)?.name).toBe("Daniel (Enhanced)");
  });

  it("has no voice to offer on a device with none of the page's language", () => {
    expect(chooseVoice([], ["en"], null)).toBeNull();
    expect(chooseVoice([voice("Thomas", "fr-FR")], ["en"], null)).toBeNull();
    // Novelty voices only: better than silence.
    expect(chooseVoice([voice("Bubbles", "en-US")], ["en"], null)?.name).toBe("Bubbles");
  });

  it("names a voice with its region where its name does not say it", () => {
    expect(voiceLabel(voice("Samantha", "en-US"))).toBe("Samantha (en-US)");
    expect(voiceLabel(voice("Daniel (Enhanced)", "en-GB"))).toBe("Daniel (Enhanced)");
    expect(voiceLabel(voice("Microsoft Aria Online (Natural) - English (United States)", "en-US"))).toBe(
      "Microsoft Aria Online (Natural) - English (United States)",
    );
  });
});

describe("the text read aloud", () => {
  it("is one utterance when it is short", () => {
    expect(speechChunks("The Lord Is My Shepherd. I am cared for.")).toEqual([
      { text: "The Lord Is My Shepherd. I am cared for.", start: 0 },
    ]);
  });

  it("is cut at sentence ends into utterances Chrome's served voices read to the end, each placed in the whole", () => {
    const passage =
      "The LORD is my shepherd; I shall not want. He maketh me to lie down in green pastures: he leadeth me beside the still waters. " +
      "He restoreth my soul: he leadeth me in the paths of righteousness for his name’s sake. Yea, though I walk through the valley.";
    const chunks = speechChunks(passage);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(CHUNK_MAX_CHARS);
      expect(passage.slice(chunk.start, chunk.start + chunk.text.length)).toBe(chunk.text);
      expect(chunk.text).toMatch(/[.;:]$|valley\.$/);
    }
    // Nothing is lost or read twice.
    expect(chunks.map((chunk) => chunk.text).join(" ")).toBe(passage);
  });

  it("cuts a sentence longer than an utterance at a comma, else at a space", () => {
    const long = `${"word, ".repeat(40)}end.`;
    const chunks = speechChunks(long, 50);
    expect(chunks.every((chunk) => chunk.text.length <= 50 && chunk.text.endsWith(",") !== chunk.text.endsWith("end."))).toBe(true);
    const noCommas = "a ".repeat(60).trim();
    expect(speechChunks(noCommas, 25).every((chunk) => chunk.text.length <= 25 && !chunk.text.startsWith(" "))).toBe(true);
  });

  it("finds the word a boundary names, with or without its length", () => {
    const text = "I am loved, and I’m held.";
    expect(wordSpan(text, 5, 5)).toEqual([5, 10]);
    // Firefox gives no length: the word's letters.
    expect(wordSpan(text, 5)).toEqual([5, 10]);
    expect(wordSpan(text, 16, 0)).toEqual([16, 19]);
    expect(text.slice(...(wordSpan(text, 16) ?? [0, 0]))).toBe("I’m");
    expect(wordSpan(text, 10)).toBeNull();
    expect(wordSpan(text, 99)).toBeNull();
    expect(wordSpan(text, -1, 3)).toBeNull();
  });

  it("places the words read in the text shown", () => {
    // A card reads its title, then the affirmation it shows.
    expect(shownShift("Peace. I am at peace.", "I am at peace.")).toBe(-7);
    // A verse shown in quotation marks is read without them.
    expect(shownShift("Be still.", "“Be still.”")).toBe(1);
    expect(shownShift("I am loved.", "I am loved.")).toBe(0);
    expect(shownShift("Something else.", "I am loved.")).toBeNull();
  });
});
