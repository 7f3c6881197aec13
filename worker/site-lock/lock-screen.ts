import { html } from "hono/html";
import { club } from "../../src/config/club";
import { SITE_LOCK_ACCESS_TEXT, SITE_LOCK_ENTRY_PATH, SITE_LOCK_TEXT } from "../../src/domain/site-lock";
import { clientAssets } from "../pages/assets";
import { standaloneHead } from "../pages/standalone-head";

/**
 * The lock screen (spec §2): 'This site is in development' with a password field; the Access
 * button appears only when the typed text equals the entry phrase. A plain server page, not the
 * React app: nothing of the locked site (menu, sponsors, router data) is in it, and it needs no
 * hydration. /site-lock.js shows Access by comparing the SHA-256 of the typed text with the
 * digest below, so the phrase itself is not in the page; the worker checks the phrase again when
 * the form is posted (the button is a convenience, never the lock).
 */
export const PHRASE_DIGEST_PREFIX = "rovers-site-lock:";

export async function phraseDigestHex(entryPhrase: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(PHRASE_DIGEST_PREFIX + entryPhrase));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function lockScreenHtml(entryPhrase: string, returnTo: string): Promise<string> {
  const page = html`<!doctype html>
<html lang="en-GB">
  ${standaloneHead({ title: `${SITE_LOCK_TEXT} | ${club.name}`, stylesheet: clientAssets.css, script: "/site-lock.js" })}
  <body class="site-lock">
    <main class="site-lock__panel">
      <img class="site-lock__crest" src="/crest.svg" alt="" width="96" height="96" />
      <p class="site-lock__club">${club.name}</p>
      <h1 class="site-lock__title">${SITE_LOCK_TEXT}</h1>
      <form class="site-lock__form" method="post" action="${SITE_LOCK_ENTRY_PATH}" data-phrase-digest="${await phraseDigestHex(entryPhrase)}" data-digest-prefix="${PHRASE_DIGEST_PREFIX}">
        <input type="hidden" name="returnTo" value="${returnTo}" />
        <label class="site-lock__label" for="site-lock-phrase">Password</label>
        <input class="site-lock__input" id="site-lock-phrase" name="phrase" type="password" autocomplete="current-password" required />
        <button class="btn site-lock__access" type="submit" hidden>${SITE_LOCK_ACCESS_TEXT}</button>
      </form>
    </main>
  </body>
</html>`;
  return String(await page);
}
