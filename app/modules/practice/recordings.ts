/** Hear Again's own voice: the limits and formats the browser and the server share (client-safe). */

export const RECORDING_MAX_BYTES = 2 * 1024 * 1024;
export const RECORDING_MAX_SECONDS = 60;

/** What MediaRecorder is asked for, in order: Chromium and Firefox record Opus, Safari AAC in MP4. */
export const RECORDING_MIME_TYPES = ["audio/webm;codecs=opus", "audio/ogg;codecs=opus", "audio/mp4"] as const;

export const RECORDING_MESSAGES = {
  tooLarge: "Recordings can be at most 2 MB.",
  notAudio: "That file is not a recording this app can play.",
  missing: "Choose a recording to upload.",
  signIn: "Sign in to keep your recordings.",
  noAccess: "Recording your voice comes with the full collection.",
  notFound: "No recording here.",
} as const;

/** The address of the owner's recording of a card; `version` changes with each new one so a player reloads it. */
export function recordingUrl(cardId: string, version?: number): string {
  return `/recordings/${encodeURIComponent(cardId)}${version ? `?v=${version}` : ""}`;
}

/** What a page knows about a saved recording (never its bytes). */
export type RecordingSummary = { cardId: string; version: number };
