import { settingOn } from "./setting-flag";

/**
 * Spec §1, §2 'Login form', §9: optional social sign-in through two social providers (Google and
 * Facebook), off by default. Each is a web setting (`login.social.google`, `login.social.facebook`),
 * so the club turns one on through the admin API. A social sign-in is the ordinary sign-in with a
 * hint for the login portal (`social=google`): the same /auth/login, callback and session code.
 */
export const SOCIAL_PROVIDERS = ["google", "facebook"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const SOCIAL_LABELS: Record<SocialProvider, string> = { google: "Google", facebook: "Facebook" };

export const socialSettingKey = (provider: SocialProvider) => `login.social.${provider}`;

/** The social providers the settings turn on, in the spec's order. */
export function enabledSocialProviders(settings: Readonly<Record<string, string>>): SocialProvider[] {
  return SOCIAL_PROVIDERS.filter((provider) => settingOn(settings[socialSettingKey(provider)]));
}

export function isSocialProvider(value: string | undefined): value is SocialProvider {
  return SOCIAL_PROVIDERS.some((provider) => provider === value);
}
