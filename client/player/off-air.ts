import { reconnectDelay } from "../../src/domain/reconnect";
import { OFFLINE_BACKOFF, offlineNext } from "../../src/domain/live-offline";
import { liveStreamStatus } from "./live-session";

/**
 * A live player whose stream went off air (the push stopped, the encoder vanished, staff ended the
 * event): `offAir` says at once whether it ended for good; unless it did, the stream's status is
 * asked again with a growing, jittered wait (OFFLINE_BACKOFF) until it is live, when `back` runs
 * so the player starts again by itself. The video player and the audio bar both wait this way.
 * The status, not the playlist, is asked: the live token cannot be renewed while the stream is off.
 * Stops with `signal`; the function returned stops a wait in between.
 */
export function watchOffAir(entryID: string, signal: AbortSignal, on: { offAir(ended: boolean): void; back(): void }): () => void {
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const status = async () => offlineNext(await liveStreamStatus(entryID, signal).catch(() => null));
  const later = () => {
    timer = setTimeout(() => void ask(), reconnectDelay(attempt, Math.random(), OFFLINE_BACKOFF));
    attempt += 1;
  };
  const ask = async () => {
    const next = await status();
    if (signal.aborted) return;
    if (next === "ended") return on.offAir(true);
    if (next === "play") return on.back();
    later();
  };
  signal.addEventListener("abort", () => clearTimeout(timer), { once: true });
  void (async () => {
    const ended = (await status()) === "ended";
    if (signal.aborted) return;
    on.offAir(ended);
    if (!ended) later();
  })();
  return () => clearTimeout(timer);
}
