import { useState, type FormEvent } from "react";
import { club } from "../../config/club";
import { buttonClassName } from "../Button";
import { useAppState } from "../../state/store";
import { FORGOT_PASSWORD_HREF, loginHref, registerHref, socialLoginHref } from "../../account/auth-links";
import { enabledSocialProviders, SOCIAL_LABELS } from "../../domain/social-login";
import { normaliseUsername } from "../../domain/direct-login";
import { useRouteLoaderData } from "react-router";
import type { rootLoader } from "../../layouts/root.loader";
import { LOGGED_IN_MESSAGE, LOGIN_PROBLEM_TITLE } from "../../account/login-messages";
import { useWebSetting } from "../use-web-settings";
import { acceptUser, firstError, parseSessionUser } from "../../account/session-client";

export interface LoginFormProps {
  /** direct username/password login (spec §9: off by default); otherwise a link to the portal */
  directLogin: boolean;
  /** where to come back to after signing in or registering */
  returnPath: string;
}

/**
 * The logged-out side of the account panel (spec §2 'Account'): heading, either the direct login
 * form or the external sign-in button, and the register box.
 */
export default function LoginForm({ directLogin, returnPath }: LoginFormProps) {
  const { state } = useAppState();
  const prompt = state.loginPrompt.message;
  // spec §3 web settings: the register box's text is the club's `login.registerText`
  // the optional social links (spec §2 'Login form'), each on by its web setting
  const social = enabledSocialProviders(useRouteLoaderData<typeof rootLoader>("root")?.settings ?? {});
  const registerText = useWebSetting("login.registerText", `New to ${club.shortName}? Create your free ${club.accountName}.`);
  return (
    <div className="account-login">
      <p className="account-panel__kicker">{club.accountName}</p>
      <h2 className="account-panel__heading" id="account-panel-heading">
        Sign in to your {club.name} account
      </h2>
      {prompt ? <p className="account-login__prompt">{prompt}</p> : null}
      {directLogin ? (
        <DirectLoginForm />
      ) : (
        <a className={buttonClassName({ type: "primary-dark", className: "account-login__button" })} href={loginHref(returnPath)}>
          <span className="btn__text">Log In</span>
        </a>
      )}
      {social.length > 0 ? (
        <ul className="account-login__social" aria-label="Other ways to sign in">
          {social.map((provider) => (
            <li key={provider}>
              <a className={buttonClassName({ type: "ghost-dark", className: "account-login__social-link" })} href={socialLoginHref(returnPath, provider)}>
                <span className="btn__text">Continue with {SOCIAL_LABELS[provider]}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="account-register">
        <p className="account-register__text">{registerText}</p>
        <a className={buttonClassName({ type: "ghost-dark", className: "account-register__button" })} href={registerHref(returnPath)}>
          <span className="btn__text">Register</span>
        </a>
      </div>
    </div>
  );
}

function DirectLoginForm() {
  const { dispatch } = useAppState();
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // spec §5: the username is lowercased before sign-in
    const username = normaliseUsername(String(form.get("username") ?? ""));
    const password = String(form.get("password") ?? "");
    setBusy(true);
    setError("");
    try {
      const response = await fetch("/auth/login", {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ username, password }),
      });
      const body: unknown = await response.json().catch(() => null);
      const user = response.ok ? parseSessionUser(body) : null;
      if (!user) {
        // spec §8 'Login failure: the error's message text shown under the fields'
        setError(firstError(body)?.detail ?? LOGIN_PROBLEM_TITLE);
        return;
      }
      dispatch({ type: "login/statusUpdatedByUser" });
      dispatch({ type: "accountPanel/close" });
      dispatch({ type: "accountNotification/show", message: LOGGED_IN_MESSAGE });
      await acceptUser(dispatch, user);
    } catch {
      setError(LOGIN_PROBLEM_TITLE);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="account-login__form" method="post" action="/auth/login" onSubmit={submit} noValidate>
      <label className="account-login__field">
        <span>Username</span>
        <input name="username" type="email" autoComplete="username" required autoCapitalize="none" spellCheck={false} />
      </label>
      <label className="account-login__field">
        <span>Password</span>
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      {error ? (
        <p className="account-login__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className={buttonClassName({ type: "primary-dark", className: "account-login__button" })} disabled={busy}>
        <span className="btn__text">Log In</span>
      </button>
      <a className="account-login__forgot" href={FORGOT_PASSWORD_HREF}>
        Forgotten your password?
      </a>
    </form>
  );
}
