import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from "react";

/**
 * The console's confirmation before anything destructive: asked on the page, not with
 * window.confirm, so a screen reader reads it as any other part of the page and focus moves to it.
 * The confirmation replaces the buttons that asked; on Cancel, focus goes back to the one that did.
 * `K` names what is being confirmed (an action, a role).
 */
export function useConfirm<K extends string>() {
  const [asking, setAsking] = useState<K | null>(null);
  const [focusBack, setFocusBack] = useState<K | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const buttons = useRef(new Map<K, HTMLButtonElement>());

  useEffect(() => {
    if (asking) panel.current?.focus();
    else if (focusBack) {
      buttons.current.get(focusBack)?.focus();
      setFocusBack(null);
    }
  }, [asking, focusBack]);

  return {
    asking,
    panel,
    ask: (key: K) => setAsking(key),
    /** Closes the confirmation and gives focus back to the button that opened it. */
    cancel: () => {
      setFocusBack(asking);
      setAsking(null);
    },
    /** Closes it after the action ran (the button that opened it may be gone). */
    done: () => setAsking(null),
    /** The ref of the button that asks for `key`. */
    button: (key: K) => (element: HTMLButtonElement | null) => {
      if (element) buttons.current.set(key, element);
      else buttons.current.delete(key);
    },
  };
}

/** What the panel needs of useConfirm's answer. */
interface ConfirmState {
  asking: string | null;
  panel: RefObject<HTMLDivElement | null>;
  cancel: () => void;
}

interface ConfirmPanelProps {
  confirm: ConfirmState;
  title: string;
  /** What happens, in a sentence. */
  children: ReactNode;
  /** The confirming button's words ('Yes, revoke'). */
  yes: string;
  busy: boolean;
  onYes: () => void;
}

/** The confirmation itself: its question, its consequence, Yes and Cancel. */
export function ConfirmPanel({ confirm, title, children, yes, busy, onYes }: ConfirmPanelProps) {
  const id = useId();
  return (
    <div
      className="console-accounts__confirm"
      role="group"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      tabIndex={-1}
      ref={confirm.panel}
      data-confirm={confirm.asking ?? ""}
    >
      <p id={`${id}-title`} className="console-accounts__confirm-title">
        {title}
      </p>
      <p id={`${id}-text`}>{children}</p>
      <div className="console-accounts__buttons">
        <button type="button" className="console-accounts__button console-accounts__button--danger" disabled={busy} onClick={onYes}>
          {busy ? "Working…" : yes}
        </button>
        <button type="button" className="console-accounts__button console-accounts__button--plain" disabled={busy} onClick={confirm.cancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
