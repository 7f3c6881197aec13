import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { club } from "../../src/config/club";
import { standaloneHead } from "../pages/standalone-head";
import { crestMarkup, crestViewBox } from "../../src/icons/crest-shapes";
import { DEMO_PASSWORD, demoUsers } from "./demo-users";
import { SOCIAL_LABELS, SOCIAL_PROVIDERS, type SocialProvider } from "../../src/domain/social-login";
import type { RegistrationForm } from "../../src/domain/registration-form";

/**
 * Server-rendered pages of the embedded dev login portal (no React): sign in, register, forgotten
 * password, profile. Every interpolation goes through hono/html's escaping. Styles come from
 * /sso/portal.css (the site's CSP allows no inline <style>).
 */
type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** The hidden fields that carry the site's request through a form post. */
export interface PortalRequest {
  client_id: string;
  redirect_uri: string;
  response_type: "code" | "tokenpayload";
  /** the social provider the site asked for (spec §2 'Login form'), kept through the form post */
  social?: SocialProvider | undefined;
}

// The club crest from the same shape data as the site's <Crest> (constant markup, no user input).
const crest = html`<svg class="crest" viewBox="${crestViewBox}" aria-hidden="true" width="46" height="55">${raw(crestMarkup())}</svg>`;

function layout(title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="en-GB">
  ${standaloneHead({ title: `${title} | ${club.accountName}`, stylesheet: "/sso/portal.css" })}
  <body>
    <main class="portal">
      <header class="portal__brand">${crest}<div><strong>${club.name}</strong><span>${club.accountName}</span></div></header>
      <section class="portal__card">
        <h1>${title}</h1>
        ${body}
      </section>
      <p class="portal__note">Development login portal. No email is ever sent from here.</p>
    </main>
  </body>
</html>`;
}

function hiddenFields(req: PortalRequest): Html {
  return html`<input type="hidden" name="client_id" value="${req.client_id}" />
    <input type="hidden" name="redirect_uri" value="${req.redirect_uri}" />
    <input type="hidden" name="response_type" value="${req.response_type}" />
    ${req.social ? html`<input type="hidden" name="social" value="${req.social}" />` : html``}`;
}

function query(req: PortalRequest): string {
  return new URLSearchParams({ client_id: req.client_id, redirect_uri: req.redirect_uri, response_type: req.response_type }).toString();
}

function errorBox(message: string | undefined): Html {
  return message ? html`<p class="portal__error" role="alert">${message}</p>` : html``;
}

export function signInPage(req: PortalRequest, options: { error?: string; username?: string } = {}): Html {
  return layout(
    req.social ? `Continue with ${SOCIAL_LABELS[req.social]}` : `Sign in to your ${club.name} account`,
    html`${req.social
        ? html`<p class="portal__social">${SOCIAL_LABELS[req.social]} sign-in, development stand-in: it works offline, and signs in the club account with the email and password below, through the same callback as any sign-in.</p>`
        : html``}
      <form method="post" action="/sso/login" class="portal__form">
        ${hiddenFields(req)}
        <label>Email address<input type="email" name="username" autocomplete="username" required value="${options.username ?? ""}" /></label>
        <label>Password<input type="password" name="password" autocomplete="current-password" required /></label>
        ${errorBox(options.error)}
        <button type="submit">Log In</button>
      </form>
      <p class="portal__links">
        <a href="/sso/forgot-password?${query(req)}">Forgotten your password?</a>
        <a href="/sso/register?${query(req)}">Register</a>
      </p>
      <p class="portal__links">
        ${SOCIAL_PROVIDERS.filter((p) => p !== req.social).map((p) => html`<a href="/sso/login?${query(req)}&amp;social=${p}">Continue with ${SOCIAL_LABELS[p]}</a>`)}
      </p>
      <details class="portal__demo">
        <summary>Demo accounts</summary>
        <p>Password for all: <code>${DEMO_PASSWORD}</code></p>
        <ul>
          ${demoUsers.map((u) => html`<li><code>${u.email}</code></li>`)}
        </ul>
      </details>`,
  );
}

/**
 * The registration page in the form the site asked for (spec §9, src/domain/registration-form.ts):
 * short is the club account's fields; long adds date of birth, postcode and phone. The dev portal
 * checks the long form's extra fields but keeps only the account itself: it stands in for the
 * club's real portal, which owns that data.
 */
export function registerPage(
  req: PortalRequest,
  options: { form?: RegistrationForm; error?: string; values?: { email?: string; forename?: string; surname?: string; dateOfBirth?: string; postcode?: string; phone?: string } } = {},
): Html {
  const v = options.values ?? {};
  const form = options.form ?? "short";
  const extras =
    form === "long"
      ? html`<label>Date of birth<input type="date" name="dateOfBirth" autocomplete="bday" required value="${v.dateOfBirth ?? ""}" /></label>
          <label>Postcode<input name="postcode" autocomplete="postal-code" required maxlength="10" value="${v.postcode ?? ""}" /></label>
          <label>Phone<input type="tel" name="phone" autocomplete="tel" required maxlength="20" value="${v.phone ?? ""}" /></label>`
      : html``;
  return layout(
    `Create your ${club.accountName}`,
    html`<form method="post" action="/sso/register" class="portal__form" data-form="${form}">
        ${hiddenFields(req)}
        <input type="hidden" name="form" value="${form}" />
        <label>First name<input name="forename" autocomplete="given-name" required maxlength="100" value="${v.forename ?? ""}" /></label>
        <label>Last name<input name="surname" autocomplete="family-name" required maxlength="100" value="${v.surname ?? ""}" /></label>
        <label>Email address<input type="email" name="email" autocomplete="email" required value="${v.email ?? ""}" /></label>
        <label>Password<input type="password" name="password" autocomplete="new-password" required minlength="8" /></label>
        ${extras}
        ${errorBox(options.error)}
        <button type="submit">Register</button>
      </form>
      <p class="portal__links"><a href="/sso/login?${query(req)}">Already have an account? Log In</a></p>`,
  );
}

export function forgotPasswordPage(req: PortalRequest | null, options: { sentTo?: string; error?: string } = {}): Html {
  const back = req ? `/sso/login?${query(req)}` : "/auth/login";
  if (options.sentTo) {
    return layout(
      "Check your email",
      html`<p>If an account exists for <strong>${options.sentTo}</strong>, we have sent a link to reset your password.</p>
        <p class="portal__links"><a href="${back}">Back to Log In</a></p>`,
    );
  }
  return layout(
    "Forgotten your password?",
    html`<form method="post" action="/sso/forgot-password" class="portal__form">
        ${req ? hiddenFields(req) : html``}
        <label>Email address<input type="email" name="email" autocomplete="email" required /></label>
        ${errorBox(options.error)}
        <button type="submit">Send reset link</button>
      </form>
      <p class="portal__links"><a href="${back}">Back to Log In</a></p>`,
  );
}

export function profilePage(): Html {
  return layout(
    `Manage your ${club.accountName}`,
    html`<p>Your name, email address and password are managed here at the club's login portal.</p>
      <p>In this development portal the demo accounts cannot be changed.</p>
      <p class="portal__links"><a href="/">Back to ${club.name}</a></p>`,
  );
}

export function badRequestPage(): Html {
  return layout(
    "This sign-in link is not valid",
    html`<p>Please start again from the ${club.name} website.</p>
      <p class="portal__links"><a href="/auth/login">Log In</a></p>`,
  );
}

/** Club colours (src/styles/tokens.css) for the portal pages. */
export const PORTAL_CSS = `
:root { --navy: #0b1f3a; --navy-2: #13294b; --red: #d2122e; --red-dark: #a50e24; --gold: #f2b632; --line: #e2e8f0; --ink: #0e1726; --soft: #4a5568; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: var(--ink);
  background: linear-gradient(160deg, var(--navy) 0%, var(--navy-2) 60%, var(--red-dark) 140%); display: flex; justify-content: center; }
.portal { width: 100%; max-width: 420px; padding: 32px 16px; }
.portal__brand { display: flex; gap: 12px; align-items: center; color: #fff; margin-bottom: 20px; }
.portal__brand strong { display: block; font-size: 1.1rem; letter-spacing: .02em; }
.portal__brand span { color: var(--gold); font-size: .9rem; }
.portal__card { background: #fff; border-radius: 8px; padding: 24px; box-shadow: 0 10px 30px rgba(0,0,0,.25); border-top: 4px solid var(--red); }
.portal__card h1 { font-size: 1.3rem; margin: 0 0 16px; color: var(--navy); }
.portal__form { display: grid; gap: 14px; }
.portal__form label { display: grid; gap: 6px; font-size: .9rem; font-weight: 600; color: var(--soft); }
.portal__form input { font: inherit; padding: 10px 12px; border: 1px solid var(--line); border-radius: 6px; }
.portal__form input:focus { outline: 2px solid var(--gold); border-color: var(--navy); }
.portal__form button { font: inherit; font-weight: 700; padding: 12px; border: 0; border-radius: 6px; background: var(--red); color: #fff; cursor: pointer; }
.portal__form button:hover { background: var(--red-dark); }
.portal__error { margin: 0; color: var(--red-dark); font-weight: 600; }
.portal__links { display: flex; justify-content: space-between; gap: 12px; margin: 16px 0 0; }
.portal__links a { color: var(--navy); }
.portal__demo { margin-top: 16px; font-size: .85rem; color: var(--soft); }
.portal__demo ul { margin: 8px 0 0; padding-left: 18px; }
.portal__note { color: rgba(255,255,255,.7); font-size: .8rem; text-align: center; }
`;
