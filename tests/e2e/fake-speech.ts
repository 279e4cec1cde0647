import type { Page } from "@playwright/test";

/**
 * The device's speech engine, replaced at the browser API's boundary: headless Chromium has no voices. The fake lists
 * the voices a test gives it (a moment late, as Chrome does), records each utterance, and lets the test report word
 * boundaries and end the reading, as a real engine would while it speaks.
 */
export type FakeVoice = { name: string; lang: string; voiceURI: string; default?: boolean; localService?: boolean };

export type Spoken = { text: string; rate: number; pitch: number; voice: string | null; lang: string };

/** What a phone with several English voices lists: a premium one, a plain British one, a compact default, a French one. */
export const PHONE_VOICES: FakeVoice[] = [
  { name: "Samantha", lang: "en-US", voiceURI: "com.apple.voice.compact.en-US.Samantha", default: true },
  { name: "Amélie (Enhanced)", lang: "fr-CA", voiceURI: "com.apple.voice.enhanced.fr-CA.Amelie" },
  { name: "Ava (Premium)", lang: "en-US", voiceURI: "com.apple.voice.premium.en-US.Ava" },
  { name: "Daniel", lang: "en-GB", voiceURI: "com.apple.speech.synthesis.voice.Daniel" },
];

export async function fakeSpeech(page: Page, voices: FakeVoice[]) {
  await page.addInitScript((listed: FakeVoice[]) => {
    type Handler = ((event: unknown) => void) | null;
    class FakeUtterance {
      text: string;
      rate = 1;
      pitch = 1;
      lang = "";
      voice: FakeVoice | null = null;
      onboundary: Handler = null;
      onend: Handler = null;
      onerror: Handler = null;
      constructor(text = "") {
        this.text = text;
      }
    }
    const spoken: Spoken[] = [];
    let queue: FakeUtterance[] = [];
    let ready = false;
    const engine = new EventTarget();
    Object.assign(engine, {
      getVoices: () => (ready ? listed.map((voice) => ({ default: false, localService: true, ...voice })) : []),
      speak(utterance: FakeUtterance) {
        queue.push(utterance);
        spoken.push({
          text: utterance.text,
          rate: utterance.rate,
          pitch: utterance.pitch,
          voice: utterance.voice?.name ?? null,
          lang: utterance.lang,
        });
      },
      cancel() {
        const dropped = queue;
        queue = [];
        for (const utterance of dropped) utterance.onerror?.({ error: "interrupted" });
      },
    });
    // Chrome lists its voices a moment after the page first asks.
    setTimeout(() => {
      ready = listed.length > 0;
      if (ready) engine.dispatchEvent(new Event("voiceschanged"));
    }, 300);
    Object.defineProperty(window, "speechSynthesis", { value: engine });
    Object.defineProperty(window, "SpeechSynthesisUtterance", { value: FakeUtterance });
    Object.assign(window, {
      __speech: {
        spoken,
        /** The engine reaches `word` in the utterance it is reading. */
        reach(word: string) {
          const reading = queue[0];
          if (!reading) throw new Error("nothing is being read");
          reading.onboundary?.({ name: "word", charIndex: reading.text.indexOf(word), charLength: word.length });
        },
        /** The utterance being read ends, and the next starts. */
        finish() {
          queue.shift()?.onend?.({});
        },
      },
    });
  }, voices);
}

type SpeechControl = { spoken: Spoken[]; reach(word: string): void; finish(): void };

export function spokenSoFar(page: Page): Promise<Spoken[]> {
  return page.evaluate(() => (window as unknown as { __speech: SpeechControl }).__speech.spoken);
}

/** The engine reports reaching `word` (its first occurrence) in the utterance it is reading. */
export function reachWord(page: Page, word: string) {
  return page.evaluate((target) => (window as unknown as { __speech: SpeechControl }).__speech.reach(target), word);
}

export function finishSpeaking(page: Page) {
  return page.evaluate(() => (window as unknown as { __speech: SpeechControl }).__speech.finish());
}

/** The text the reader sees highlighted as the word being read (the CSS highlight), or null. */
export function highlightedWord(page: Page): Promise<{ word: string; inside: string | null } | null> {
  return page.evaluate(() => {
    const highlight = CSS.highlights.get("spoken-word");
    const range = highlight ? ([...highlight][0] as Range | undefined) : undefined;
    if (!range) return null;
    const container = range.commonAncestorContainer;
    const element = container instanceof Element ? container : container.parentElement;
    // Where it is: the element that holds the words read, named by its test id or its region.
    const inside = element?.closest("[data-testid], section[id]");
    return { word: range.toString(), inside: inside?.getAttribute("data-testid") ?? inside?.id ?? null };
  });
}
