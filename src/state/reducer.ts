import type { AppAction, AppState, UserState } from "./app-state";

/** The match centre's live video, closed (spec §3 `matchCentre`). */
const CLOSED_MATCH_VIDEO = { videoOpen: false, dockedVideo: false } as const;

/** Default title of the media player when the opener gives none (spec §3). */
export const DEFAULT_VIDEO_NAME = "No title";

/** A random integer 1..1,000,000 (spec §3 'sessionID'); `random` is injectable for tests. */
export function randomSessionID(random: () => number = Math.random): number {
  const n = Math.floor(random() * 1_000_000) + 1;
  return Math.min(1_000_000, Math.max(1, n));
}

function loggedOutUser(user: UserState): UserState {
  return {
    ...user,
    loggedIn: false,
    userDisplayName: "",
    ssoID: "",
    email: "",
    entitlements: [],
    stripeCustomerID: "",
    bypassed: false,
  };
}

/** The client state before anything is known: logged-out, login check pending, defaults of spec §3. */
export function initialAppState(sessionID: number): AppState {
  return {
    user: {
      loginCheckCompleted: false,
      loginStatusUpdatedByUser: false,
      loggedIn: false,
      userDisplayName: "",
      ssoID: "",
      email: "",
      entitlements: null,
      sessionID,
      stripeCustomerID: "",
      bypassed: false,
    },
    loginPrompt: { message: "" },
    directLogin: false,
    accountNotification: { display: false, message: "" },
    errorNotification: { display: false, title: "", message: "" },
    cookiesConsent: { analytics: false, marketing: false, personalisation: false },
    cookiesConsentAnswered: false,
    upgradePromo: { display: false, tier: null },
    accountHeaderOpen: false,
    lockBackground: false,
    headerStyle: "transparent-dark",
    menuOpen: false,
    searchOpen: false,
    showPackages: false,
    childFriendly: true,
    advertisingDisabled: false,
    mediaPlayer: {
      modalOpen: false,
      mediaType: "OnDemand",
      currentVideoID: "",
      currentVideoName: DEFAULT_VIDEO_NAME,
      currentSection: "",
    },
    audioPlayer: { entryID: "", modalOpen: false, currentTitle: "" },
    videoPlayer: { entryPoint: "", currentPlaylistTitle: "", currentPlaylistQuery: "" },
    matchCentre: CLOSED_MATCH_VIDEO,
    adverts: null,
  };
}

// Spec §4 'Panels and background lock'. Each open locks the background, each close unlocks it.
function openAccountPanel(state: AppState): AppState {
  return { ...state, accountHeaderOpen: true, lockBackground: true };
}
function closeAccountPanel(state: AppState): AppState {
  return { ...state, accountHeaderOpen: false, loginPrompt: { message: "" }, lockBackground: false };
}
function openMenu(state: AppState): AppState {
  return { ...state, menuOpen: true, lockBackground: true };
}
function closeMenu(state: AppState): AppState {
  return { ...state, menuOpen: false, lockBackground: false };
}
function openSearch(state: AppState): AppState {
  return { ...state, searchOpen: true, menuOpen: false, lockBackground: true };
}
function closeSearch(state: AppState): AppState {
  return { ...state, searchOpen: false, lockBackground: false };
}

/**
 * Overlays other than search and menu that hold the background lock. A route change closes
 * search and the menu; it must not unlock the page under an overlay that stays open (the
 * video player navigates to /videos/{entryId} while open, spec §2 'Video player overlay').
 */
function otherOverlayOpen(state: AppState): boolean {
  return state.accountHeaderOpen || state.upgradePromo.display || state.showPackages || state.mediaPlayer.modalOpen;
}

/** The only place the client state changes (spec §4). Pure: returns a new state, never mutates. */
export function appReducer(state: AppState, action: AppAction): AppState {
  switch (action.type) {
    // §4 'Login state'
    case "login/checkCompleted":
      if (action.user) {
        return {
          ...state,
          user: {
            ...state.user,
            loginCheckCompleted: true,
            loggedIn: true,
            userDisplayName: action.user.displayName,
            ssoID: action.user.ssoID,
            email: action.user.email,
          },
          loginPrompt: { message: "" },
        };
      }
      return { ...state, user: { ...loggedOutUser(state.user), loginCheckCompleted: true } };
    case "login/statusUpdatedByUser":
      return { ...state, user: { ...state.user, loginStatusUpdatedByUser: true } };
    case "user/set":
      return {
        ...state,
        user: {
          ...state.user,
          loggedIn: true,
          userDisplayName: action.displayName,
          ssoID: action.ssoID,
          email: action.email,
        },
        loginPrompt: { message: "" },
      };
    case "user/clear":
      return { ...state, user: loggedOutUser(state.user) };
    case "entitlements/set":
      return {
        ...state,
        user: {
          ...state.user,
          entitlements: action.entitlements,
          stripeCustomerID:
            action.stripeCustomerID !== undefined ? action.stripeCustomerID : state.user.stripeCustomerID,
        },
      };
    case "login/directLogin":
      return { ...state, directLogin: action.enabled };

    case "session/bypassed":
      return { ...state, user: { ...state.user, bypassed: action.bypassed } };

    // §4 'Panels and background lock'
    case "accountPanel/open":
      return openAccountPanel(state);
    case "accountPanel/close":
      return closeAccountPanel(state);
    case "accountPanel/toggle":
      return state.accountHeaderOpen ? closeAccountPanel(state) : openAccountPanel(state);
    case "loginPrompt/open":
      return openAccountPanel({ ...state, loginPrompt: { message: action.message } });
    case "upgradePromo/open":
      return {
        ...state,
        upgradePromo: { display: true, tier: action.tier ?? null },
        accountHeaderOpen: false,
        loginPrompt: { message: "" },
        lockBackground: true,
      };
    case "upgradePromo/close":
      return { ...state, upgradePromo: { display: false, tier: null }, lockBackground: false };
    case "menu/open":
      return openMenu(state);
    case "menu/close":
      return closeMenu(state);
    case "menu/toggle":
      return state.menuOpen ? closeMenu(state) : openMenu(state);
    case "search/open":
      return openSearch(state);
    case "search/close":
      return closeSearch(state);
    case "search/toggle":
      return state.searchOpen ? closeSearch(state) : openSearch(state);
    // The packages modal (spec §2) takes the place of the account panel or upgrade promo that
    // opened it: one modal at a time, and focus returns through them to the page.
    case "packages/open":
      return { ...state, showPackages: true, accountHeaderOpen: false, upgradePromo: { display: false, tier: null }, loginPrompt: { message: "" }, lockBackground: true };
    case "packages/close":
      return { ...state, showPackages: false, lockBackground: otherOverlayOpen({ ...state, showPackages: false }) };
    case "backgroundLock/set":
      return { ...state, lockBackground: action.locked };

    // Notifications (§2 'Account'); their timers live in the components.
    case "accountNotification/show":
      return { ...state, accountNotification: { display: true, message: action.message } };
    case "accountNotification/hide":
      return { ...state, accountNotification: { ...state.accountNotification, display: false } };
    case "errorNotification/show":
      return { ...state, errorNotification: { display: true, title: action.title, message: action.message } };
    case "errorNotification/hide":
      return { ...state, errorNotification: { ...state.errorNotification, display: false } };

    // Settings of the page
    case "headerStyle/set":
      // the same state when nothing changed: a new object would re-render every reader of the store
      return state.headerStyle === action.headerStyle ? state : { ...state, headerStyle: action.headerStyle };
    case "cookies/consent":
      return {
        ...state,
        cookiesConsentAnswered: true,
        cookiesConsent: {
          analytics: action.analytics,
          marketing: action.marketing,
          personalisation: action.personalisation,
        },
      };
    case "childFriendly/set":
      return { ...state, childFriendly: action.childFriendly };
    case "advertising/disable":
      return { ...state, advertisingDisabled: true };
    case "advertising/enable":
      return { ...state, advertisingDisabled: false };
    case "adverts/set":
      return { ...state, adverts: action.adverts };

    // §4 'Media player'
    case "mediaPlayer/open":
      return {
        ...state,
        lockBackground: true,
        audioPlayer: { ...state.audioPlayer, modalOpen: false },
        matchCentre: CLOSED_MATCH_VIDEO,
        mediaPlayer: {
          modalOpen: true,
          mediaType: action.mediaType,
          currentVideoID: action.videoID,
          currentVideoName: action.videoName ? action.videoName : DEFAULT_VIDEO_NAME,
          currentSection: action.section,
        },
      };
    case "mediaPlayer/close":
      return {
        ...state,
        lockBackground: false,
        mediaPlayer: { ...state.mediaPlayer, modalOpen: false },
        audioPlayer: { ...state.audioPlayer, modalOpen: false },
      };
    case "audioPlayer/open":
      // Opening the audio player closes the video player (and the reverse, above); the video
      // player's background lock goes with it unless another overlay still holds it.
      return {
        ...state,
        lockBackground: state.mediaPlayer.modalOpen ? state.accountHeaderOpen || state.upgradePromo.display : state.lockBackground,
        mediaPlayer: { ...state.mediaPlayer, modalOpen: false },
        matchCentre: CLOSED_MATCH_VIDEO,
        audioPlayer: { entryID: action.entryID, currentTitle: action.title, modalOpen: true },
      };
    case "audioPlayer/close":
      return { ...state, audioPlayer: { entryID: "", currentTitle: "", modalOpen: false } };
    case "videoPlayer/entryPoint":
      return {
        ...state,
        videoPlayer: {
          entryPoint: action.entryPoint,
          currentPlaylistTitle: action.playlistTitle ?? state.videoPlayer.currentPlaylistTitle,
          currentPlaylistQuery: action.playlistQuery ?? state.videoPlayer.currentPlaylistQuery,
        },
      };
    case "matchCentre/video":
      // The match centre's live video is a video player too: opening it closes the audio player
      // (and opening either player closes it, below), so one live stream plays at a time.
      return {
        ...state,
        matchCentre: { videoOpen: action.videoOpen, dockedVideo: action.videoOpen && action.docked },
        audioPlayer: action.videoOpen ? { ...state.audioPlayer, modalOpen: false } : state.audioPlayer,
      };

    // §2 'Route behaviour': search closes on route change (and so does the menu).
    case "route/changed": {
      // the packages modal closes too: it belonged to the page it was opened from
      if (!state.searchOpen && !state.menuOpen && !state.showPackages) return state;
      const next = { ...state, searchOpen: false, menuOpen: false, showPackages: false };
      return { ...next, lockBackground: otherOverlayOpen(next) };
    }
    default: {
      // Exhaustiveness: a new action type that is not handled fails type-checking here.
      const unhandled: never = action;
      void unhandled;
      return state;
    }
  }
}
