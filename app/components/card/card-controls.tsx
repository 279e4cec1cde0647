import { useEffect, useRef, useState } from "react";
import { Icon } from "~/components/ui/icon";
import { useHydrated } from "~/hooks/use-hydrated";

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

const SPEECH_RATE = 0.8;
const SPEECH_PITCH = 1;

/**
 * Shown only once JavaScript runs and the browser can speak. The server renders it, invisible with its place held
 * (`.script-only-reserved`), so the card's footer does not shift and nothing re-renders when the script arrives.
 */
export function SpeakButton({ text, dark, onSpeak }: { text: string; dark: boolean; onSpeak?: () => void }) {
  const [speaking, setSpeaking] = useState(false);
  const [supported, setSupported] = useState(true);
  const utterance = useRef<SpeechSynthesisUtterance | null>(null);

  useEffect(() => {
    if (!("speechSynthesis" in window)) setSupported(false);
    return () => {
      if (utterance.current) window.speechSynthesis.cancel();
    };
  }, []);

  if (!supported) return null;

  function toggle() {
    const synth = window.speechSynthesis;
    if (speaking) {
      synth.cancel();
      setSpeaking(false);
      return;
    }
    const next = new SpeechSynthesisUtterance(text);
    next.rate = SPEECH_RATE;
    next.pitch = SPEECH_PITCH;
    next.onend = () => setSpeaking(false);
    next.onerror = () => setSpeaking(false);
    utterance.current = next;
    synth.cancel();
    synth.speak(next);
    setSpeaking(true);
    onSpeak?.();
  }

  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={speaking}
      className={`script-only-reserved inline-flex min-h-[44px] items-center gap-2 rounded-full px-4 text-sm font-semibold ${
        dark ? "bg-white/15 text-white hover:bg-white/25" : "bg-surface/80 text-ink hover:bg-surface"
      }`}
    >
      {speaking ? <Icon name="stop" className="h-5 w-5" /> : <Icon name="speaker-high" className="h-5 w-5" />}
      {speaking ? "Stop" : "Speak"}
    </button>
  );
}
