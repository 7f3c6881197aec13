import { useAppState } from "../../state/store";
import { GENERIC_LOCKED_TITLE, RESTRICTED_MEDIA_BUTTON, RESTRICTED_MEDIA_TITLE } from "../../domain/locked-message";
import Button from "../../components/Button";
import { MediaIcon } from "./MediaIcon";

/**
 * What a locked video or stream shows instead of its player (spec §6, §8): the generic title, the
 * tier's message, a login prompt for visitors and the packages for everyone.
 */
export function LockedPanel({ label, message }: { label: string; message: string | null }) {
  const { state, dispatch } = useAppState();
  return (
    <div className="locked-panel" role="region" aria-label={label}>
      <span className="locked-panel__icon">
        <MediaIcon name="padlock" />
      </span>
      <h2 className="locked-panel__title">{GENERIC_LOCKED_TITLE}</h2>
      {message ? <p className="locked-panel__message">{message}</p> : null}
      <div className="locked-panel__actions">
        {state.user.loggedIn ? null : (
          <Button type="primary-light" text={RESTRICTED_MEDIA_BUTTON} onClick={() => dispatch({ type: "loginPrompt/open", message: RESTRICTED_MEDIA_TITLE })} />
        )}
        <Button type={state.user.loggedIn ? "primary-light" : "ghost-light"} href="/videos/subscriptions" text="View Packages" />
      </div>
    </div>
  );
}
