import { accessOutcome } from "../../src/domain/access-status";
import { SUBSCRIPTIONS_PATH } from "../../src/domain/locked-message";
import { STREAM_OFFLINE_TEXT } from "../../src/domain/live-offline";

/** Spec §8 'video session failure'. */
const SERVICE_FAILURE = { title: "There was a problem connecting to the video service", message: "Please try again in a few minutes" };

/** A video whose media is not transcoded yet (the gate's 409 MEDIA_PROCESSING): said in words, not as a failure. */
const PROCESSING = { title: "This video is still being processed", message: "It will play here as soon as it is ready. Please try again in a few minutes." };

export type PlayerProblem = { kind: "refused"; message: string; status: number; detail?: string } | { kind: "processing" } | { kind: "failed" };

/**
 * What a player shows instead of the picture when the gate or the stream refuses it (the access
 * status's text and links, spec §4/§8) or the service fails. The player overlay and the match
 * centre's video show the same.
 */
export function PlayerMessage({ problem }: { problem: PlayerProblem }) {
  if (problem.kind === "processing") {
    return (
      <div className="video-overlay__message" role="status" data-problem="processing">
        <p className="video-overlay__message-title">{PROCESSING.title}</p>
        <p>{PROCESSING.message}</p>
      </div>
    );
  }
  if (problem.kind === "failed") {
    return (
      <div className="video-overlay__message" role="alert">
        <p className="video-overlay__message-title">{SERVICE_FAILURE.title}</p>
        <p>{SERVICE_FAILURE.message}</p>
      </div>
    );
  }
  const outcome = accessOutcome(problem.status);
  return (
    <div className="video-overlay__message" role="alert">
      <p className="video-overlay__message-title">{problem.message ? problem.message : outcome.message}</p>
      {problem.detail ? <p>{problem.detail}</p> : null}
      {outcome.link ? (
        <a className="btn btn--primary-light btn--inline btn--small" href={outcome.link.href}>
          {outcome.link.label}
        </a>
      ) : null}
      {outcome.action === "upgrade" ? (
        <a className="btn btn--primary-light btn--inline btn--small" href={SUBSCRIPTIONS_PATH}>
          View Subscriptions
        </a>
      ) : null}
      {outcome.faqLink ? (
        <a className="btn btn--ghost-light btn--inline btn--small" href={outcome.faqLink}>
          Read the FAQs
        </a>
      ) : null}
      {outcome.supportContact ? <p>{outcome.supportContact}</p> : null}
    </div>
  );
}

/**
 * A live player whose stream went off air while it played: the live pages' offline text in place
 * of a frozen picture, and, unless the event ended, that it starts again by itself (use-live-video.ts).
 */
export function StreamOffAir({ ended }: { ended: boolean }) {
  return (
    <div className="video-overlay__message" role="status" data-offline={ended ? "ended" : "waiting"}>
      <p className="video-overlay__message-title">{ended ? STREAM_OFFLINE_TEXT.disabled : STREAM_OFFLINE_TEXT.idle}</p>
      <p>{STREAM_OFFLINE_TEXT.message}</p>
      {ended ? null : <p>The player starts again by itself when the stream is back.</p>}
    </div>
  );
}
