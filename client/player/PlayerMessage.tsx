import { accessOutcome } from "../../src/domain/access-status";
import { SUBSCRIPTIONS_PATH } from "../../src/domain/locked-message";

/** Spec §8 'video session failure'. */
const SERVICE_FAILURE = { title: "There was a problem connecting to the video service", message: "Please try again in a few minutes" };

export type PlayerProblem = { kind: "refused"; message: string; status: number; detail?: string } | { kind: "failed" };

/**
 * What a player shows instead of the picture when the gate or the stream refuses it (the access
 * status's text and links, spec §4/§8) or the service fails. The player overlay and the match
 * centre's video show the same.
 */
export function PlayerMessage({ problem }: { problem: PlayerProblem }) {
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
