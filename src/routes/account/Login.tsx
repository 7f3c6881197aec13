import { club } from "../../config/club";
import { useAppState } from "../../state/store";
import { DocumentTitle } from "../../components/DocumentTitle";
import Button, { buttonClassName } from "../../components/Button";
import { loginHref, registerHref } from "../../account/auth-links";
import { SAFE_FALLBACK, safeReturnUrl } from "../../domain/return-url";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useWebSetting } from "../../components/use-web-settings";
import { sitePaths } from "../paths";

/**
 * /account/login: where 'Please Log In' prompts point (spec §8). Signing in goes to the club's
 * login portal and comes back to `?returnUrl=` (same-site paths only, filled in once hydrated), else the home page.
 */
export default function Login() {
  const { state, dispatch } = useAppState();
  const [search] = useSearchParams();
  const asked = search.get("returnUrl");
  // The server renders the home page as the return: pages are cached without ?returnUrl=
  // (worker/pages/page-cache.ts), so any number of return addresses share one entry; the browser
  // then fills in the one the address asks for. /auth/login checks it again (worker/auth/return-to.ts).
  const [returnPath, setReturnPath] = useState(SAFE_FALLBACK);
  const registerText = useWebSetting("login.registerText", `New to ${club.shortName}? Create your free ${club.accountName}.`);
  useEffect(() => setReturnPath(safeReturnUrl(asked)), [asked]);
  return (
    <div className="login-page">
      <DocumentTitle page="Log In" />
      <section className="login-page__panel">
        <div className="login-page__card">
          <p className="login-page__eyebrow">{club.accountName}</p>
          <h1 className="login-page__title">{`Sign in to your ${club.name} account`}</h1>
          {state.user.loggedIn ? (
            <>
              <p className="login-page__text">You are signed in as {state.user.userDisplayName || state.user.email}.</p>
              <div className="login-page__actions">
                <Button type="primary-dark" className="page-btn-block" text="View Account" onClick={() => dispatch({ type: "accountPanel/open" })} />
                <Button type="ghost-dark" className="page-btn-block" href={sitePaths.videos} text={`Go to ${club.tvName}`} />
              </div>
            </>
          ) : (
            <>
              <p className="login-page__text">
                One {club.accountName} for tickets, the club shop and {club.tvName}. Sign in to watch videos and listen to live commentary.
              </p>
              <div className="login-page__actions">
                {/* Plain links: the portal is outside the router (full page loads). */}
                <a className={buttonClassName({ type: "primary-dark", className: "page-btn-block" })} href={loginHref(returnPath)}>
                  <span className="btn__text">Log In</span>
                </a>
                <p className="login-page__register">{registerText}</p>
                <a className={buttonClassName({ type: "ghost-dark", className: "page-btn-block" })} href={registerHref(returnPath)}>
                  <span className="btn__text">Register</span>
                </a>
              </div>
              <ul className="login-page__benefits">
                <li>Free highlights and interviews with a free account</li>
                <li>Full match replays with {club.tvName}</li>
                <li>Live audio commentary with {club.tvPlusName}</li>
              </ul>
            </>
          )}
        </div>
      </section>
    </div>
  );
}
