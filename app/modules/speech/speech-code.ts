/**
 * What a Speak button runs once tapped, as one chunk that speech-on-demand.ts loads: the buyer's own recording if
 * there is one, else the device's voice (docs/decisions/045-practice-listen-and-offline.md, Listen), each word
 * highlighted where the browser reports word boundaries. It records no activity: the device reading is not the
 * buyer speaking.
 */
import { listedVoices, loadVoices, type Reading, readAloud, voiceToUse } from "./device-speech";
import { clearSpokenWord, highlightSpokenWord } from "./spoken-highlight";

export type SpeakRequest = {
  text: string;
  /** The element whose text shows what is read: its words are highlighted as they are reached. */
  shown: Element | null;
  /** The buyer's recording to play instead of the device's voice. */
  recording: HTMLAudioElement | null;
  onStart: (reading: Reading) => void;
  onEnd: (reading: Reading) => void;
  onNoVoice: () => void;
};

/**
 * Starts reading. Where the device lists its voices at once (Safari), speech starts before this returns, within the
 * tap, as iOS requires of a first utterance; otherwise the returned promise settles once the voices arrived.
 */
export async function speak(request: SpeakRequest): Promise<void> {
  if (request.recording) return playRecording(request, request.recording);
  const voices = listedVoices();
  if (voices.length > 0) return readWith(request, voices);
  const loaded = await loadVoices();
  if (loaded.length > 0) readWith(request, loaded);
  else request.onNoVoice();
}

function readWith(request: SpeakRequest, voices: SpeechSynthesisVoice[]) {
  const voice = voiceToUse(voices);
  if (!voice) return request.onNoVoice();
  const { text, shown } = request;
  const mine = {};
  const reading = readAloud(text, voice, {
    onWord: shown ? (start, end) => highlightSpokenWord(mine, shown, text, start, end) : undefined,
    onEnd: () => {
      clearSpokenWord(mine);
      request.onEnd(reading);
    },
  });
  request.onStart(reading);
}

function playRecording(request: SpeakRequest, audio: HTMLAudioElement) {
  let ended = false;
  const reading: Reading = {
    stop() {
      if (ended) return;
      ended = true;
      audio.pause();
      audio.removeEventListener("ended", finish);
      request.onEnd(reading);
    },
  };
  const finish = () => reading.stop();
  audio.addEventListener("ended", finish);
  audio.currentTime = 0;
  request.onStart(reading);
  // A recording that cannot play (offline, a format the browser lost) leaves the device's voice to read.
  audio.play().catch(() => {
    if (ended) return;
    reading.stop();
    const voices = listedVoices();
    if (voices.length > 0) readWith(request, voices);
  });
}
