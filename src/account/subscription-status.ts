import { useSyncExternalStore } from "react";

/**
 * The last word of the entitlement check for the account summary (spec §8: 'You have no
 * subscriptions', 'There was an issue checking your subscriptions'). The client state has no
 * field for it, so it lives in this tiny store next to the components that use it.
 */
let message: string | null = null;
const listeners = new Set<() => void>();

export function setSubscriptionMessage(next: string | null): void {
  if (next === message) return;
  message = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSubscriptionMessage(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => message,
    () => null,
  );
}

/** The message now (outside React). */
export function currentSubscriptionMessage(): string | null {
  return message;
}
