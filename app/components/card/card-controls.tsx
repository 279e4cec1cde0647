import { type MouseEvent, useEffect, useRef, useState } from "react";
import { Icon } from "~/components/ui/icon";
import { useToast } from "~/components/ui/toaster";
import { useHydrated } from "~/hooks/use-hydrated";
import type { Reading } from "~/modules/speech/device-speech";
import { loadSpeech, prefetchSpeech, speechIfLoaded } from "~/modules/speech/speech-on-demand";

/** The round buttons on a card's face (favourite, share, image). */
export function iconButtonClass(dark: boolean) {
  return `inline-flex h-11 w-11 items-center justify-center rounded-full ${
    dark ? "text-white hover:bg-white/15" : "text-ink hover:bg-surface/70"
  }`;
}

/** A favourite kept in the browser only (/sample-card's visitors). */
export type FavoriteControl = { isFavorite: boolean; onToggle: () => void };

export function FavoriteButton({ favorite, dark, title }: { favorite: FavoriteControl; dark: boolean; title: string }) {
  const hydrated = useHydrated();
  // A browser-kept favourite needs the script: until it runs, its place is held so nothing on the card moves.
  if (!hydrated) return <span className="inline-block h-11 w-11" aria-hidden="true" data-testid="favorite-placeholder" />;
  return (
    <button
      type="button"
      className={iconButtonClass(dark)}
      aria-pressed={favorite.isFavorite}
      aria-label={favorite.isFavorite ? `Remove ${title} from favorites` : `Add ${title} to favorites`}
      onClick={favorite.onToggle}
    >
      <Icon name={favorite.isFavorite ? "heart-fill" : "heart"} className="h-6 w-6" />
    </button>
  );
}

/** What a device with no voice says when Speak is tapped (docs/decisions/045): never a silent button. */
export const NO_VOICE_MESSAGE = {
  title: "This device has no voice for reading aloud",
  description: "Say it yourself, slowly: that is the practice.",
} as const;

/** When the reading-aloud code could not be downloaded (offline before the app was kept). */
const SPEECH_UNAVAILABLE_MESSAGE = {
  title: "Reading aloud could not start",
  description: "Check your connection and tap Speak again.",
} as const;

type SpeechCode = NonNullable<ReturnType<typeof speechIfLoaded>>;

/** The card's front shows the affirmation it reads (after its title): the word read is highlighted there. */
export function cardAffirmationOf(button: HTMLElement): Element | null {
  return button.closest("[data-card-id]")?.querySelector('[data-face="front"] [data-testid="affirmation"]') ?? null;
}

/**
 * Reads `text` aloud with the device's best voice of the page's language, or the one the buyer chose on this device
 * (docs/decisions/045-practice-listen-and-offline.md, Listen), at rate 0.8 and pitch 1, each word highlighted in `highlightIn`
 * where the browser reports word boundaries; with `ownRecording` it plays the buyer's recording instead. It records no
 * activity: the device reading is not the buyer speaking. A device with no voice says so (`onNoVoice`, else a toast).
 * The server renders it, invisible with its place held (`.script-only-reserved`), shown once the page has hydrated.
 */
export function SpeakButton({
  text,
  dark,
  highlightIn,
  ownRecording,
  onNoVoice,
  framed = false,
}: {
  text: string;
  dark: boolean;
  /** Outlined, for a page's plain background (a card's gradient needs none). */
  framed?: boolean;
  /** The element whose text shows what is read (all of it, or a part: a card reads its title first). */
  highlightIn?: (button: HTMLButtonElement) => Element | null;
  /** The buyer's recording to play instead of the device's voice. */
  ownRecording?: () => HTMLAudioElement | null;
  onNoVoice?: () => void;
}) {
  const [speaking, setSpeaking] = useState(false);
  const { showToast } = useToast();
  const reading = useRef<Reading | null>(null);
  const waiting = useRef(false);

  useEffect(() => () => reading.current?.stop(), []);
  // The reading code comes once the browser is idle (speech-on-demand.ts says why it is not in the first scripts).
  useEffect(() => {
    const whenIdle = window.requestIdleCallback ?? ((task: () => void) => window.setTimeout(task, 200));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const ask = whenIdle(prefetchSpeech);
    return () => cancel(ask);
  }, []);

  function stop() {
    reading.current?.stop();
    reading.current = null;
    setSpeaking(false);
  }

  function noVoice() {
    if (onNoVoice) onNoVoice();
    else showToast({ type: "message", ...NO_VOICE_MESSAGE });
  }

  function toggle(event: MouseEvent<HTMLButtonElement>) {
    const button = event.currentTarget;
    if (reading.current) return stop();
    if (waiting.current) return;
    const speech = speechIfLoaded();
    if (speech) return start(speech, button);
    waiting.current = true;
    loadSpeech().then(
      (loaded) => {
        waiting.current = false;
        start(loaded, button);
      },
      () => {
        waiting.current = false;
        showToast({ type: "error", ...SPEECH_UNAVAILABLE_MESSAGE });
      },
    );
  }

  function start(speech: SpeechCode, button: HTMLButtonElement) {
    waiting.current = true;
    void speech
      .speak({
        text,
        shown: highlightIn?.(button) ?? null,
        recording: ownRecording?.() ?? null,
        onStart: (started) => {
          reading.current = started;
          setSpeaking(true);
        },
        onEnd: (ended) => {
          if (reading.current === ended) reading.current = null;
          setSpeaking(false);
        },
        onNoVoice: noVoice,
      })
      .finally(() => {
        waiting.current = false;
      });
  }

  return (
    <button
      type="button"
      onClick={toggle}
      onPointerDown={() => void loadSpeech().catch(() => {})}
      onFocus={() => void loadSpeech().catch(() => {})}
      aria-pressed={speaking}
      className={`script-only-reserved inline-flex min-h-[44px] items-center gap-2 rounded-full px-4 text-sm font-semibold ${
        dark ? "bg-white/15 text-white hover:bg-white/25" : "bg-surface/80 text-ink hover:bg-surface"
      }${framed ? " ring-1 ring-line" : ""}`}
    >
      {speaking ? <Icon name="stop" className="h-5 w-5" /> : <Icon name="speaker-high" className="h-5 w-5" />}
      {speaking ? "Stop" : "Speak"}
    </button>
  );
}
