// The site lock screen (worker/site-lock/lock-screen.ts): the Access button shows only while the
// typed text equals the entry phrase (spec §5). The page carries the phrase's SHA-256, not the
// phrase; the worker checks the phrase itself when the form is posted.
const form = document.querySelector("form[data-phrase-digest]");
if (form) {
  const input = form.querySelector("input[name=phrase]");
  const access = form.querySelector("button[type=submit]");
  const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
  const update = async () => {
    const typed = input.value;
    const digest = hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(form.dataset.digestPrefix + typed)));
    // a later keystroke may have answered first
    if (input.value === typed) access.hidden = digest !== form.dataset.phraseDigest;
  };
  input.addEventListener("input", update);
  // without the button, Enter must not post a wrong phrase either
  form.addEventListener("submit", (event) => {
    if (access.hidden) event.preventDefault();
  });
  update();
}
