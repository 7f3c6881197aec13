import type { SessionError } from "../../src/domain/session-errors";
import { attachStream, type AttachedStream } from "./attach-stream";
import { keepLiveToken, openStreamSocket, type LiveCheck, type LiveTokenKeeper, type StreamSocket } from "./live-session";
import { withCurrentToken } from "./playback-client";
import { reportDelay } from "./delay-report";

export interface LivePlay {
  /** leaves the stream: the renewals, the socket and hls.js end; nothing is reported */
  cancel(): void;
}

/**
 * Plays a granted live stream in `element`: keeps the token renewed, holds the
 * concurrency socket and attaches hls.js with the newest token on every request. When the stream
 * stops under it (a renewal refused, the socket closed by the account's object, a playlist or
 * segment refused) it stops the media at once, so no stalled frame or sound stays, then asks the
 * renewal why and reports that error, or null when nothing was refused. The audio bar and the
 * video overlay both play live through this.
 */
export function playLive(
  element: HTMLMediaElement,
  grant: Extract<LiveCheck, { ok: true }>,
  ids: { ssoID: string; entryID: string },
  on: {
    playing(stream: AttachedStream): void;
    /** the media has just been stopped; why follows in `stopped` */
    halted?(): void;
    stopped(error: SessionError | null): void;
  },
): LivePlay {
  let cancelled = false;
  let stopped = false;
  let stream: AttachedStream | null = null;
  let socket: StreamSocket | null = null;
  let stopDelay = () => {};
  const end = () => {
    stopDelay();
    stream?.destroy();
    stream = null;
    socket?.close();
    socket = null;
  };
  const stop = async (known: SessionError | null) => {
    if (cancelled || stopped) return;
    stopped = true;
    element.pause();
    end();
    on.halted?.();
    const error = known ?? (await keeper.why()) ?? null;
    keeper.stop();
    if (!cancelled) on.stopped(error);
  };
  const keeper: LiveTokenKeeper = keepLiveToken(grant, (error) => void stop(error));
  socket = openStreamSocket(() => keeper.token(), ids.ssoID, ids.entryID, () => void stop(null));
  attachStream(element, grant.url, (url) => withCurrentToken(url, keeper.token()), () => void stop(null)).then(
    (attached) => {
      if (cancelled || stopped) return attached.destroy();
      stream = attached;
      stopDelay = reportDelay(() => attached.pictureTime(), () => keeper.token());
      on.playing(attached);
    },
    () => void stop(null),
  );
  return {
    cancel() {
      cancelled = true;
      keeper.stop();
      end();
    },
  };
}
