import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import type { AppAction, AppState } from "./app-state";
import { appReducer, initialAppState, randomSessionID } from "./reducer";
import { DEFAULT_PREFERENCES, type ViewerPreferences } from "../app/viewer-preferences";

export interface AppStateContextValue {
  state: AppState;
  dispatch: (action: AppAction) => void;
}

/**
 * The client state's holder. Its identity never changes, so the context that carries it never
 * changes either: a dispatch re-renders the components that read the state (they subscribe), and
 * nothing else. That matters during hydration: React treats a boundary still waiting for its code
 * (the footer, until it comes near the screen) as reading every context, so a context whose value
 * changed on each dispatch forced such a boundary to load at once, or to drop the server's HTML.
 */
export interface AppStore {
  getState(): AppState;
  /** The state the page was rendered with: what a boundary hydrating late must render first. */
  getInitialState(): AppState;
  subscribe(listener: () => void): () => void;
  dispatch(action: AppAction): void;
}

export function createAppStore(initial: AppState): AppStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    getInitialState: () => initial,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch(action) {
      const next = appReducer(state, action);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
  };
}

const AppStoreContext = createContext<AppStore | null>(null);

/** CSS class on <body> while an overlay holds the background lock (styles stop page scroll). */
export const BACKGROUND_LOCK_CLASS = "is-locked";

export interface AppStateProviderProps {
  children?: ReactNode;
  /**
   * The state to start from. The server passes one so SSR and hydration agree; without it
   * the defaults are used with a random session id (fixed for the provider's life).
   */
  initialState?: AppState;
  /** the supporter's cookie preferences the page was rendered with (src/app/viewer-preferences.ts) */
  preferences?: ViewerPreferences;
}

export function AppStateProvider({ children, initialState, preferences = DEFAULT_PREFERENCES }: AppStateProviderProps) {
  // Lazy so the store (and its random session id) is made once, not on every render.
  const [store] = useState(() => createAppStore(initialState ?? withPreferences(initialAppState(randomSessionID()), preferences)));
  return <AppStoreContext.Provider value={store}>{children}</AppStoreContext.Provider>;
}

/** Child-friendly mode and consent start from the cookies the page was rendered with, so SSR and hydration agree. */
function withPreferences(state: AppState, preferences: ViewerPreferences): AppState {
  return {
    ...state,
    childFriendly: preferences.childFriendly,
    cookiesConsent: preferences.consent ?? state.cookiesConsent,
    cookiesConsentAnswered: preferences.consent !== null,
  };
}

/** The client state and its dispatcher. Throws outside <AppStateProvider> so a wiring mistake is loud. */
export function useAppState(): AppStateContextValue {
  const store = useContext(AppStoreContext);
  if (!store) throw new Error("useAppState must be used inside <AppStateProvider>");
  // The initial state for the server and for hydration, so a late boundary matches the server's HTML.
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getInitialState);
  return { state, dispatch: store.dispatch };
}

/**
 * Mirrors state.lockBackground onto document.body as the `is-locked` class (spec §4 'Panels and
 * background lock'). Runs in an effect, so only in the browser; mount it once, in the layout.
 */
export function useBackgroundLock(): void {
  const { state } = useAppState();
  const locked = state.lockBackground;
  useEffect(() => {
    if (typeof document === "undefined") return;
    document.body.classList.toggle(BACKGROUND_LOCK_CLASS, locked);
    return () => {
      document.body.classList.remove(BACKGROUND_LOCK_CLASS);
    };
  }, [locked]);
}
