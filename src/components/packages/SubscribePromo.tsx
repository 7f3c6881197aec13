import { club } from "../../config/club";
import { useAppState } from "../../state/store";
import Button from "../Button";
import { sitePaths } from "../../routes/paths";

/** Spec §8 'Subscribe promo' texts, logged-out and logged-in variants. */
export const SUBSCRIBE_PROMO_LOGGED_OUT = "Log in or sign up to listen to live matches and watch full game replays on demand";
export const SUBSCRIBE_PROMO_LOGGED_IN = "Listen to live matches and watch full game replays on demand";

export function SubscribePromo({ tone = "dark" }: { tone?: "dark" | "light" }) {
  const { state, dispatch } = useAppState();
  const loggedIn = state.user.loggedIn;
  return (
    <div className={`subscribe-promo subscribe-promo--${tone}`}>
      <div className="subscribe-promo__text">
        <span className="subscribe-promo__brand">{club.tvPlusName}</span>
        <p>{loggedIn ? SUBSCRIBE_PROMO_LOGGED_IN : SUBSCRIBE_PROMO_LOGGED_OUT}</p>
      </div>
      <div className="subscribe-promo__actions">
        <Button type="primary-light" className="subscribe-promo__primary" href={sitePaths.subscriptions} text="View Packages" />
        {loggedIn ? null : (
          <Button type="ghost-light" text="Log In" onClick={() => dispatch({ type: "accountPanel/open" })} />
        )}
      </div>
    </div>
  );
}
