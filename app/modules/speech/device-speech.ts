/**
 * Reading aloud with the device's own voice (docs/decisions/045-practice-listen-and-offline.md, Listen): the voices it has
 * (Chrome lists them a moment after the page asks), the one the buyer chose on this device, and an utterance at the
 * spec's rate 0.8 and pitch 1 that reports each word as the browser reaches it. Browser-only; nothing here counts
 * anything: a device playing audio is not the buyer speaking.
 */

import { speechChunks, wordSpan } from "./spoken-text";
import { chooseVoice, rankVoices } from "./voice-choice";

export const SPEECH_RATE = 0.8;
export const SPEECH_PITCH = 1;

/** How long the first ask waits for a device that lists its voices late (Chrome, Android) before saying it has none. */
const VOICE_WAIT_MS = 1500;

/** The voice the buyer chose on this device, and whether they prefer it to their own recording. */
const VOICE_KEY = "lc-voice";
const LISTEN_KEY = "lc-listen";

export function canSpeak(): boolean {
  return typeof window !== "undefined" && Boolean(window.speechSynthesis) && typeof window.SpeechSynthesisUtterance === "function";
}

/** The voices the device lists now (none where it cannot speak). */
export function listedVoices(): SpeechSynthesisVoice[] {
  return canSpeak() ? (window.speechSynthesis.getVoices?.() ?? []) : [];
}

let waited = false;
let waiting: Promise<SpeechSynthesisVoice[]> | null = null;

/**
 * The device's voices, waiting once (at most VOICE_WAIT_MS) for a browser that lists them late. After that wait an
 * empty list is the answer at once: a device with no voice says so without a pause on every tap.
 */
export function loadVoices(): Promise<SpeechSynthesisVoice[]> {
  const now = listedVoices();
  if (now.length > 0 || waited || !canSpeak()) return Promise.resolve(now);
  waiting ??= new Promise((resolve) => {
    const synth = window.speechSynthesis;
    const finish = () => {
      synth.removeEventListener?.("voiceschanged", onChange);
      clearTimeout(timer);
      waited = true;
      resolve(listedVoices());
    };
    const onChange = () => {
      if (listedVoices().length > 0) finish();
    };
    synth.addEventListener?.("voiceschanged", onChange);
    const timer = setTimeout(finish, VOICE_WAIT_MS);
  });
  return waiting;
}

/** Calls `listener` when the device's list of voices changes (a voice installed, Chrome's late list). */
export function onVoicesChanged(listener: () => void): () => void {
  if (!canSpeak()) return () => {};
  const synth = window.speechSynthesis;
  synth.addEventListener?.("voiceschanged", listener);
  return () => synth.removeEventListener?.("voiceschanged", listener);
}

/** The page's language first ("en"), then the browser's ("en-GB"), which puts the reader's region first. */
export function readingLanguages(): string[] {
  return [document.documentElement.lang || "en", ...(navigator.languages ?? [navigator.language])];
}

function stored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage refused (a private window's quota, a blocked site): the choice is simply not remembered.
    return null;
  }
}

function store(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {}
}

/** The device's voices of the page's language, best first. */
export function voicesToOffer(voices: readonly SpeechSynthesisVoice[]): SpeechSynthesisVoice[] {
  return rankVoices(voices, readingLanguages());
}

/** The voice that reads: the buyer's choice on this device while the device still has it, else the best. */
export function voiceToUse(voices: readonly SpeechSynthesisVoice[]): SpeechSynthesisVoice | null {
  return chooseVoice(voices, readingLanguages(), stored(VOICE_KEY));
}

export function rememberVoice(voiceURI: string): void {
  store(VOICE_KEY, voiceURI);
}

/** Whether the buyer chose the device's voice over their own recording on this device. */
export function prefersDeviceVoice(): boolean {
  return stored(LISTEN_KEY) === "device";
}

export function rememberListenSource(source: "recording" | "device"): void {
  store(LISTEN_KEY, source === "device" ? "device" : null);
}

export type Reading = { stop(): void };

/**
 * Reads `text` aloud with `voice`, a sentence or a few at a time (speechChunks), calling `onWord` with each word's
 * [start, end) in `text` as the browser reports it (no boundary events: no calls) and `onEnd` once, when the last
 * part ends, fails or is stopped.
 */
export function readAloud(
  text: string,
  voice: SpeechSynthesisVoice,
  handlers: { onWord?: (start: number, end: number) => void; onEnd: () => void },
): Reading {
  const synth = window.speechSynthesis;
  const chunks = speechChunks(text);
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    handlers.onEnd();
  };
  // Whatever was reading stops: one voice at a time.
  synth.cancel();
  chunks.forEach((chunk, index) => {
    const utterance = new SpeechSynthesisUtterance(chunk.text);
    utterance.voice = voice;
    utterance.lang = voice.lang;
    utterance.rate = SPEECH_RATE;
    utterance.pitch = SPEECH_PITCH;
    utterance.onboundary = (event) => {
      if (ended || (event.name && event.name !== "word")) return;
      const span = wordSpan(chunk.text, event.charIndex, event.charLength);
      if (span) handlers.onWord?.(chunk.start + span[0], chunk.start + span[1]);
    };
    utterance.onerror = end;
    if (index === chunks.length - 1) utterance.onend = end;
    synth.speak(utterance);
  });
  if (chunks.length === 0) end();
  return {
    stop() {
      if (ended) return;
      end();
      synth.cancel();
    },
  };
}
