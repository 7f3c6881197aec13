/** What a console screen says after an action: that it is done, or why not. null: nothing yet. */
export type ConsoleMessage = { kind: "done" | "error"; text: string } | null;

/**
 * The screen's one live line for it, in the page from the start (empty until there is news), so a
 * screen reader announces each change of it.
 */
export function ConsoleStatus({ message }: { message: ConsoleMessage }) {
  return (
    <p className={message?.kind === "error" ? "console-accounts__error" : "console-accounts__done"} role="status" aria-live="polite">
      {message?.text ?? ""}
    </p>
  );
}
