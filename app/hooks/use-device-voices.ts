import { useEffect, useState } from "react";
import { listedVoices, loadVoices, onVoicesChanged, voicesToOffer } from "~/modules/speech/device-speech";

/**
 * The device's voices of the page's language, best first (docs/decisions/045-practice-listen-and-offline.md, Listen): null
 * until the browser has listed them (Chrome does a moment after the page asks), an empty list on a device with none.
 */
export function useDeviceVoices(): SpeechSynthesisVoice[] | null {
  const [voices, setVoices] = useState<SpeechSynthesisVoice[] | null>(null);
  useEffect(() => {
    let live = true;
    void loadVoices().then((loaded) => {
      if (live) setVoices(voicesToOffer(loaded));
    });
    const stop = onVoicesChanged(() => {
      const listed = listedVoices();
      if (live && listed.length > 0) setVoices(voicesToOffer(listed));
    });
    return () => {
      live = false;
      stop();
    };
  }, []);
  return voices;
}
