import { useSyncExternalStore } from "react";
import type { ClubTimeFormat } from "../domain/date-format";

/** Prints an instant in one of the club's formats, in the club's timezone (src/domain/date-format.ts). */
export type ClubTimeText = (iso: string, format: ClubTimeFormat) => string;

/**
 * Who prints dates. The server has the formatter from the start (provideClubTimeText). A browser
 * has it only once it must print a date itself: the dates of a first visit come printed in the
 * HTML and are kept as they are (ClubTime), so a first visit downloads no date code (dayjs and
 * its zone data, ~4.6 kB gzip, and the first Intl call). It loads with the first data the browser
 * fetches for a page (client/route-data.ts), or when a date the server did not print mounts.
 */
let text: ClubTimeText | null = null;
let load: (() => Promise<ClubTimeText>) | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function ready(formatter: ClubTimeText): void {
  text = formatter;
  for (const listener of listeners) listener();
}

/** The server's formatter (and a test's): dates print from the first render. */
export function provideClubTimeText(formatter: ClubTimeText): void {
  ready(formatter);
}

/** The browser's way to the formatter, a chunk of its own. */
export function registerClubTimeText(loader: () => Promise<ClubTimeText>): void {
  load = loader;
}

/** Loads the formatter if it is not there yet; resolves once dates can be printed. */
export function loadClubTimeText(): Promise<void> {
  if (text || !load) return Promise.resolve();
  loading ??= load().then(ready, (error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = () => text;

/** The formatter, or null while the browser has not loaded it (the component re-renders when it has). */
export function useClubTimeText(): ClubTimeText | null {
  return useSyncExternalStore(subscribe, current, current);
}
