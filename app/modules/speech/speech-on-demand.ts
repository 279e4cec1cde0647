/**
 * The reading-aloud code, loaded apart from the page's first scripts: the landing shows Speak on its preview cards, and
 * its script budget (docs/performance.md, "The landing's client JavaScript") has no room for code most visits never
 * run. A Speak button asks for it once the browser is idle after hydration, and again when a finger or the keyboard
 * reaches the button, so it is here before the tap: iOS reads aloud only when speech starts within the tap itself.
 */
type SpeechCode = typeof import("./speech-code");

let loading: Promise<SpeechCode> | null = null;
let loaded: SpeechCode | null = null;

export function loadSpeech(): Promise<SpeechCode> {
  loading ??= import("./speech-code").then(
    (code) => {
      loaded = code;
      return code;
    },
    (error: unknown) => {
      // A failed download (offline before the app was kept) is tried again on the next ask.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Asked when the browser is idle: not while the device is offline, where the download could only fail (and the
 * console say so); a finger or the keyboard reaching Speak asks again.
 */
export function prefetchSpeech(): void {
  if (navigator.onLine === false) return;
  loadSpeech().catch(() => {});
}

/** The code if it has arrived, so a tap can start reading synchronously. */
export function speechIfLoaded(): SpeechCode | null {
  return loaded;
}
