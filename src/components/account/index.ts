/** The account part of the layout (spec §2 'Account'): mount these once, in the Default layout. */
export { default as AccountPanel } from "./AccountPanel";
export type { AccountPanelProps } from "./AccountPanel";
export { default as AccountNotification } from "./AccountNotification";
export { default as ErrorNotification } from "./ErrorNotification";
export { useLoginCheck } from "./use-login-check";
export { useLogout } from "./use-logout";
export { loginHref, registerHref } from "./auth-links";
/** The logged-out form on its own (for the /account/login page). */
export { default as LoginForm } from "./LoginForm";
