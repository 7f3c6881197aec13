/** The whole client state of spec §3 'User (client state)' and 'Other client state'. */
export type HeaderStyle = "solid" | "transparent-dark";
export type MediaType = "OnDemand" | "DrmLiveVideo";

export interface UserState {
  loginCheckCompleted: boolean;
  loginStatusUpdatedByUser: boolean;
  loggedIn: boolean;
  userDisplayName: string;
  ssoID: string;
  email: string;
  /** null until fetched (or after a video-service failure) */
  entitlements: string[] | null;
  /** random integer 1..1,000,000, fixed for the page's life */
  sessionID: number;
  stripeCustomerID: string;
  bypassed: boolean;
}

export interface AppState {
  user: UserState;
  loginPrompt: { message: string };
  /** the worker's DIRECT_LOGIN, as /api/session tells it: the account panel shows the username/password form */
  directLogin: boolean;
  accountNotification: { display: boolean; message: string };
  errorNotification: { display: boolean; title: string; message: string };
  cookiesConsent: { analytics: boolean; marketing: boolean; personalisation: boolean };
  /** the cookie popup has been answered (accepted or choices confirmed), now or on an earlier visit */
  cookiesConsentAnswered: boolean;
  /** `tier`: the tier record that opens the locked video it was opened from (its title), or null from elsewhere */
  upgradePromo: { display: boolean; tier: string | null };
  accountHeaderOpen: boolean;
  lockBackground: boolean;
  headerStyle: HeaderStyle;
  menuOpen: boolean;
  searchOpen: boolean;
  showPackages: boolean;
  childFriendly: boolean;
  advertisingDisabled: boolean;
  mediaPlayer: {
    modalOpen: boolean;
    mediaType: MediaType;
    currentVideoID: string;
    currentVideoName: string;
    currentSection: string;
  };
  audioPlayer: { entryID: string; modalOpen: boolean; currentTitle: string };
  videoPlayer: { entryPoint: string; currentPlaylistTitle: string; currentPlaylistQuery: string };
  matchCentre: { videoOpen: boolean; dockedVideo: boolean };
  adverts: unknown[] | null;
}

/** Every transition of the client state; the reducer in ./reducer.ts is the only place they are applied. */
export type AppAction =
  | { type: "login/checkCompleted"; user: { displayName: string; ssoID: string; email: string } | null }
  | { type: "login/statusUpdatedByUser" }
  | { type: "login/directLogin"; enabled: boolean }
  | { type: "user/set"; displayName: string; ssoID: string; email: string }
  | { type: "user/clear" }
  | { type: "entitlements/set"; entitlements: string[] | null; stripeCustomerID?: string }
  | { type: "session/bypassed"; bypassed: boolean }
  | { type: "accountPanel/open" }
  | { type: "accountPanel/close" }
  | { type: "accountPanel/toggle" }
  | { type: "loginPrompt/open"; message: string }
  | { type: "accountNotification/show"; message: string }
  | { type: "accountNotification/hide" }
  | { type: "errorNotification/show"; title: string; message: string }
  | { type: "errorNotification/hide" }
  | { type: "upgradePromo/open"; tier?: string | null }
  | { type: "upgradePromo/close" }
  | { type: "menu/open" }
  | { type: "menu/close" }
  | { type: "menu/toggle" }
  | { type: "search/open" }
  | { type: "search/close" }
  | { type: "search/toggle" }
  | { type: "packages/open" }
  | { type: "packages/close" }
  | { type: "headerStyle/set"; headerStyle: HeaderStyle }
  | { type: "cookies/consent"; analytics: boolean; marketing: boolean; personalisation: boolean }
  | { type: "childFriendly/set"; childFriendly: boolean }
  | { type: "advertising/disable" }
  | { type: "advertising/enable" }
  | { type: "adverts/set"; adverts: unknown[] | null }
  | { type: "mediaPlayer/open"; mediaType: MediaType; videoID: string; videoName?: string; section: string }
  | { type: "mediaPlayer/close" }
  | { type: "audioPlayer/open"; entryID: string; title: string }
  | { type: "audioPlayer/close" }
  | { type: "videoPlayer/entryPoint"; entryPoint: string; playlistTitle?: string; playlistQuery?: string }
  | { type: "matchCentre/video"; videoOpen: boolean; docked: boolean }
  | { type: "backgroundLock/set"; locked: boolean }
  | { type: "route/changed" };
