import { Form, useRevalidator } from "@remix-run/react";
import { type RefObject, useEffect, useRef, useState } from "react";
import { useToast } from "~/components/ui/toaster";
import { useHydrated } from "~/hooks/use-hydrated";
import { badgeToast } from "~/modules/habit/badge-toast";
import type { EarnedBadge } from "~/modules/habit/progress";
import { RECORDING_MAX_SECONDS, RECORDING_MIME_TYPES, type RecordingSummary, recordingUrl } from "~/modules/practice/recordings";

type Phase = { name: "idle" } | { name: "recording"; secondsLeft: number } | { name: "saving" };

const SECONDARY = "btn border-2 border-line bg-surface px-4 text-sm text-ink hover:bg-surface-muted";

function supportedMimeType(): string | null {
  if (typeof window === "undefined" || !("MediaRecorder" in window) || !navigator.mediaDevices?.getUserMedia) return null;
  return RECORDING_MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? "";
}

/**
 * Hear Again in the buyer's own voice: record the affirmation (at most 60 seconds), keep it, hear it back, record
 * again or delete it. Recording needs JavaScript and a microphone; the saved player and Delete work without.
 */
export function VoiceRecorder({ cardId, recording, returnTo }: { cardId: string; recording: RecordingSummary | null; returnTo: string }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const { showToast } = useToast();
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  const [error, setError] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const mimeType = hydrated ? supportedMimeType() : null;

  useEffect(
    () => () => {
      if (timer.current) clearInterval(timer.current);
      if (recorder.current?.state === "recording") recorder.current.stop();
    },
    [],
  );

  async function upload(blob: Blob) {
    setPhase({ name: "saving" });
    const body = new FormData();
    body.append("recording", blob, "recording");
    try {
      const response = await fetch(recordingUrl(cardId), { method: "POST", body, headers: { Accept: "application/json" } });
      if (!response.ok) {
        const answer = (await response.json().catch(() => null)) as { error?: string } | null;
        setError(answer?.error ?? "Your recording could not be saved. Please try again.");
      } else {
        // A saved recording is the buyer speaking: it may earn a badge (First Words).
        const answer = (await response.json().catch(() => null)) as { newBadges?: EarnedBadge[] } | null;
        const toast = badgeToast(answer?.newBadges ?? []);
        if (toast) showToast(toast);
        revalidator.revalidate();
      }
    } catch {
      setError("Your recording could not be saved. Check your connection and try again.");
    }
    setPhase({ name: "idle" });
  }

  function stop() {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
    if (recorder.current?.state === "recording") recorder.current.stop();
  }

  async function start() {
    setError(null);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setError("The microphone is not available. Allow it in your browser's settings, or simply say it aloud.");
      return;
    }
    const next = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    next.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    next.onstop = () => {
      for (const track of stream.getTracks()) track.stop();
      void upload(new Blob(chunks, { type: next.mimeType || mimeType || "audio/webm" }));
    };
    recorder.current = next;
    next.start();
    const startedAt = Date.now();
    setPhase({ name: "recording", secondsLeft: RECORDING_MAX_SECONDS });
    timer.current = setInterval(() => {
      const left = RECORDING_MAX_SECONDS - Math.floor((Date.now() - startedAt) / 1000);
      if (left <= 0) stop();
      else setPhase({ name: "recording", secondsLeft: left });
    }, 250);
  }

  const canRecord = hydrated && mimeType !== null;
  return (
    <div className="space-y-3 rounded-2xl bg-surface-muted p-4" data-testid="voice-recorder">
      <p className="font-semibold">Your own voice</p>
      {recording ? (
        <div className="space-y-1">
          <p className="text-sm text-ink-muted" id={`my-recording-${cardId}`}>
            Your recording
          </p>
          <RecordingAudio cardId={cardId} version={recording.version} labelledBy={`my-recording-${cardId}`} />
        </div>
      ) : null}
      <p className="hidden text-sm text-ink-muted [@media(scripting:none)]:block">Recording needs JavaScript.</p>
      {hydrated && mimeType === null ? <p className="text-sm text-ink-muted">This browser cannot record audio.</p> : null}
      <div className="flex flex-wrap items-center gap-3">
        {canRecord && phase.name === "recording" ? (
          <>
            <button type="button" className="btn-primary px-4" onClick={stop}>
              Stop and save
            </button>
            <p role="timer" aria-live="off" className="text-sm font-semibold tabular-nums">
              Recording… {phase.secondsLeft} s left
            </p>
          </>
        ) : null}
        {canRecord && phase.name !== "recording" ? (
          <button type="button" className={recording ? SECONDARY : "btn-primary px-4"} onClick={start} disabled={phase.name === "saving"}>
            {phase.name === "saving" ? "Saving..." : recording ? "Record again" : "Record my voice"}
          </button>
        ) : null}
        {recording && phase.name === "idle" ? (
          <Form
            method="post"
            action={recordingUrl(cardId)}
            preventScrollReset
            onSubmit={(event) => {
              // Offline (the installed app keeps the recording to play): refused here, not an error page (decision 045).
              if (navigator.onLine) return;
              event.preventDefault();
              setError("You're offline: deleting your recording needs a connection. Nothing was changed.");
            }}
          >
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="returnTo" value={returnTo} />
            <button type="submit" className={SECONDARY}>
              Delete
            </button>
          </Form>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm font-semibold text-red-800 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Listen: the buyer's own recording as a plain player (the page without JavaScript; with it, Speak plays it). */
export function MyRecordingPlayer({
  cardId,
  recording,
  audioRef,
}: {
  cardId: string;
  recording: RecordingSummary;
  audioRef?: RefObject<HTMLAudioElement>;
}) {
  return (
    <div className="space-y-1">
      <p className="text-sm font-semibold" id={`play-my-recording-${cardId}`}>
        Play my recording
      </p>
      <RecordingAudio cardId={cardId} version={recording.version} labelledBy={`play-my-recording-${cardId}`} audioRef={audioRef} />
    </div>
  );
}

function RecordingAudio({
  cardId,
  version,
  labelledBy,
  audioRef,
}: {
  cardId: string;
  version: number;
  labelledBy: string;
  audioRef?: RefObject<HTMLAudioElement>;
}) {
  return (
    // biome-ignore lint/a11y/useMediaCaption: the buyer reading the affirmation printed beside it, which is its transcript.
    <audio ref={audioRef} controls preload="none" src={recordingUrl(cardId, version)} aria-labelledby={labelledBy} className="w-full" />
  );
}
