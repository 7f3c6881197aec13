import { useRouteLoaderData } from "react-router";
import { useAppState } from "../../state/store";
import { lockedPrompt, SUBSCRIPTIONS_PATH, UPGRADE_BUTTON, VIDEO_LOGIN_WARNING } from "../../domain/locked-message";
import { membershipFor } from "../../domain/membership-tier";
import type { rootLoader } from "../../layouts/root.loader";
import Button from "../Button";
import { MediaIcon } from "./MediaIcon";

/**
 * What a locked video or stream shows instead of its player (spec §6, §8), from the pure rule
 * lockedPrompt: a visitor gets 'Log In Or Register' (the login prompt) and the login warning, a
 * signed-in supporter without the tier gets the texts of the tier record that unlocks the video
 * (spec §3 'Video membership', carried by the root loader's shell, so no request of its own). Its
 * button leads to the record's link; the packages page opens in place as the upgrade promo. It
 * reads the login state from the store, so it changes as soon as someone signs in or out.
 */
export function LockedPanel({ label, entitlements }: { label: string; entitlements: readonly string[] }) {
  const { state, dispatch } = useAppState();
  const loggedIn = state.user.loggedIn;
  const memberships = useRouteLoaderData<typeof rootLoader>("root")?.memberships ?? [];
  const tier = membershipFor(memberships, entitlements);
  const prompt = lockedPrompt({ loggedIn, videoEntitlements: entitlements, tier });
  return (
    <div className="locked-panel" role="region" aria-label={label}>
      <span className="locked-panel__icon">
        <MediaIcon name="padlock" />
      </span>
      <h2 className="locked-panel__title">{prompt.title}</h2>
      {prompt.message ? <p className="locked-panel__message">{prompt.message}</p> : null}
      {loggedIn ? null : (
        <p className="locked-panel__warning" role="note">
          {VIDEO_LOGIN_WARNING}
        </p>
      )}
      <div className="locked-panel__actions">
        {prompt.opensLogin && prompt.button ? (
          <Button type="primary-light" text={prompt.button.label} onClick={() => dispatch({ type: "loginPrompt/open", message: prompt.title })} />
        ) : prompt.button && prompt.button.href !== SUBSCRIPTIONS_PATH ? (
          <Button type="primary-light" text={prompt.button.label} href={prompt.button.href} />
        ) : (
          <Button type="primary-light" text={prompt.button?.label ?? UPGRADE_BUTTON} onClick={() => dispatch({ type: "upgradePromo/open", tier: tier?.title ?? null })} />
        )}
        {/* the default layout's packages modal, over this page (spec §2) */}
        <Button type="ghost-light" text="View Packages" onClick={() => dispatch({ type: "packages/open" })} />
      </div>
    </div>
  );
}
