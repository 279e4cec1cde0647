/**
 * Which of the device's voices reads a card aloud (docs/decisions/045-practice-listen-and-offline.md, Listen): the voices of
 * the page's language, a natural or enhanced one before a plain one and a plain one before a compact one, the
 * reader's own region first among equals, and the choice the buyer made on this device above all. Pure: the browser's
 * `SpeechSynthesisVoice` objects and plain ones in tests alike.
 */

/** What the choice reads of a voice. */
export type VoiceInfo = Pick<SpeechSynthesisVoice, "name" | "lang" | "voiceURI" | "default" | "localService">;

/**
 * Words in a voice's name or URI that mark its quality. Edge: "Microsoft Aria Online (Natural)"; Safari: "Samantha
 * (Enhanced)", "Zoe (Premium)", `com.apple.voice.premium.en-US.Zoe`; Android: `en-us-x-sfg-network`; Google's
 * voices ("Google US English") are served and sound better than most local ones.
 */
const NATURAL = /natural|neural|enhanced|premium|wavenet|studio|siri/i;
const SERVED = /^google\b|online|-network$/i;
/** iOS and macOS name their small voices `…compact…`; eSpeak and Eloquence voices sound robotic. */
const COMPACT = /compact|espeak|eloquence/i;
/** macOS's novelty voices sing, whisper or bubble: never the one that reads a verse, and not offered. */
const NOVELTY = new Set([
  "albert",
  "bad news",
  "bahh",
  "bells",
  "boing",
  "bubbles",
  "cellos",
  "deranged",
  "good news",
  "hysterical",
  "jester",
  "organ",
  "pipe organ",
  "superstar",
  "trinoids",
  "whisper",
  "wobble",
  "zarvox",
]);

/** "en_US" (Android) and "en-us" are "en-US"'s spellings. */
function normalise(lang: string): string {
  return lang.replace(/_/g, "-").toLowerCase();
}

function primary(lang: string): string {
  return normalise(lang).split("-")[0] ?? "";
}

function quality(voice: VoiceInfo): number {
  const words = `${voice.name} ${voice.voiceURI}`;
  if (COMPACT.test(words)) return 0;
  if (NATURAL.test(words)) return 3;
  if (SERVED.test(voice.name) || SERVED.test(voice.voiceURI)) return 2;
  return 1;
}

function isNovelty(voice: VoiceInfo): boolean {
  return NOVELTY.has(voice.name.toLowerCase().replace(/\s*\(.*\)$/, ""));
}

/**
 * The voices that speak the page's language (`languages[0]`, e.g. "en"), best first. The other `languages` (the
 * browser's own, e.g. "en-GB") put the reader's region first among voices of the same quality. Novelty voices are
 * left out unless there is nothing else.
 */
export function rankVoices<V extends VoiceInfo>(voices: readonly V[], languages: readonly string[]): V[] {
  const page = primary(languages[0] ?? "en");
  const regions = languages.map(normalise).filter((lang) => primary(lang) === page && lang.includes("-"));
  const regionScore = (voice: V) => {
    const at = regions.indexOf(normalise(voice.lang));
    return at === -1 ? regions.length : at;
  };
  const ofLanguage = voices.filter((voice) => primary(voice.lang) === page);
  const serious = ofLanguage.filter((voice) => !isNovelty(voice));
  return (serious.length > 0 ? serious : ofLanguage)
    .map((voice, index) => ({ voice, index, quality: quality(voice), region: regionScore(voice) }))
    .sort(
      (a, b) =>
        b.quality - a.quality ||
        a.region - b.region ||
        Number(b.voice.default) - Number(a.voice.default) ||
        Number(b.voice.localService) - Number(a.voice.localService) ||
        a.index - b.index,
    )
    .map(({ voice }) => voice);
}

/** The voice to read with: the one the buyer chose on this device while it is still there, else the best. */
export function chooseVoice<V extends VoiceInfo>(voices: readonly V[], languages: readonly string[], remembered: string | null): V | null {
  const ranked = rankVoices(voices, languages);
  return ranked.find((voice) => voice.voiceURI === remembered) ?? ranked[0] ?? null;
}

/** How the picker names a voice: its name, and its region where the name does not say it. */
export function voiceLabel(voice: VoiceInfo): string {
  return voice.name.includes("(") || voice.name.includes(" - ") ? voice.name : `${voice.name} (${voice.lang.replace(/_/g, "-")})`;
}
