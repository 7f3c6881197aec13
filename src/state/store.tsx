import { createContext, useContext, useEffect, useMemo, useReducer, useState, type ReactNode } from "react";
import type { AppAction, AppState } from "./app-state";
import { appReducer, initialAppState, randomSessionID } from "./reducer";
import { DEFAULT_PREFERENCES, type ViewerPreferences } from "../app/viewer-preferences";

export interface AppStateContextValue {
  state: AppState;
  dispatch: (action: AppAction) => void;
}

const AppStateContext = createContext<AppStateContextValue | null>(null);

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
  // Lazy so the random session id is drawn once, not on every render.
  const [fallback] = useState(() => initialState ?? withPreferences(initialAppState(randomSessionID()), preferences));
  const [state, dispatch] = useReducer(appReducer, fallback);
  const value = useMemo<AppStateContextValue>(() => ({ state, dispatch }), [state]);
  return <AppStateContext.Provider value={value}>{children}</AppStateContext.Provider>;
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
  const value = useContext(AppStateContext);
  if (!value) throw new Error("useAppState must be used inside <AppStateProvider>");
  return value;
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
