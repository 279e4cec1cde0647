import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { NO_VOICE_MESSAGE, SpeakButton } from "~/components/card/card-controls";
import { useDeviceVoices } from "~/hooks/use-device-voices";
import type { RecordingSummary } from "~/modules/practice/recordings";
import { prefersDeviceVoice, rememberListenSource, rememberVoice, voiceToUse } from "~/modules/speech/device-speech";
import { voiceLabel } from "~/modules/speech/voice-choice";
import { MyRecordingPlayer } from "./voice-recorder";

const MY_RECORDING = "my-recording";

/**
 * Listen (docs/decisions/045-practice-listen-and-offline.md): the affirmation read aloud in the buyer's own recording when
 * they made one, else in the device's best voice, each word highlighted as it is read. Where the device has more than
 * one voice (or a voice and the recording) a picker chooses, remembered on this device. Without JavaScript the
 * recording is a plain player.
 */
export function ListenControls({ text, cardId, recording }: { text: string; cardId: string; recording: RecordingSummary | null }) {
  const voices = useDeviceVoices();
  const words = useRef<HTMLQuoteElement>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const pickerId = useId();
  const [noVoice, setNoVoice] = useState(false);
  // What this device remembers is read once the page runs (the server's render knows none of it).
  const [preferDevice, setPreferDevice] = useState(false);
  const [, setChosen] = useState<string | null>(null);
  useEffect(() => setPreferDevice(prefersDeviceVoice()), []);

  // The recording reads unless the buyer chose a device voice here, and the device still has one.
  const fromRecording = recording !== null && (!preferDevice || voices?.length === 0);
  const options = [
    ...(recording ? [{ value: MY_RECORDING, label: "My recording" }] : []),
    ...(voices ?? []).map((voice) => ({ value: voice.voiceURI, label: voiceLabel(voice) })),
  ];
  // The voices are the browser's: none in the server's render.
  const selected = fromRecording ? MY_RECORDING : voices ? (voiceToUse(voices)?.voiceURI ?? "") : "";

  function choose(event: ChangeEvent<HTMLSelectElement>) {
    const value = event.target.value;
    setNoVoice(false);
    if (value === MY_RECORDING) {
      rememberListenSource("recording");
      setPreferDevice(false);
      return;
    }
    rememberVoice(value);
    // Choosing a voice over the recording is a choice for this device; with no recording there is nothing to prefer.
    if (recording) {
      rememberListenSource("device");
      setPreferDevice(true);
    }
    setChosen(value);
  }

  return (
    <>
      <blockquote ref={words} className="font-serif text-2xl leading-snug">
        {text}
      </blockquote>
      {/* Reading aloud is the script's: without it this takes no room (the step says so below). */}
      <div className="[@media(scripting:none)]:hidden">
        <div className="flex flex-wrap items-center gap-3">
          <SpeakButton
            text={text}
            dark={false}
            framed
            highlightIn={() => words.current}
            ownRecording={fromRecording ? () => audio.current : undefined}
            onNoVoice={() => setNoVoice(true)}
          />
          {options.length > 1 ? (
            <div className="flex min-w-0 items-center gap-2">
              <label htmlFor={pickerId} className="text-sm font-semibold">
                Voice
              </label>
              <select
                id={pickerId}
                value={selected}
                onChange={choose}
                className="min-h-[44px] min-w-0 max-w-[15rem] rounded-xl border border-line bg-surface px-3 py-2 text-sm text-ink"
              >
                {options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </div>
        {/* Always there, so a screen reader hears the message when it appears; empty, it takes no room. */}
        <p role="status" className="mt-3 font-semibold text-ink empty:mt-0">
          {noVoice ? `${NO_VOICE_MESSAGE.title}. ${NO_VOICE_MESSAGE.description}` : ""}
        </p>
      </div>
      {recording ? (
        <div className="script-hidden">
          <MyRecordingPlayer cardId={cardId} recording={recording} audioRef={audio} />
        </div>
      ) : null}
    </>
  );
}
