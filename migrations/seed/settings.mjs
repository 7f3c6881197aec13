/**
 * Web settings (spec §3): key/value text the shell reads. Keys are dotted, grouped by where they show.
 * Missing or empty values mean "use the built-in default" (e.g. packages.noSubscriptionsText).
 */
export const SETTINGS = {
  "social.facebook": "https://www.facebook.com/NorthbridgeRoversFC",
  "social.x": "https://x.com/NorthbridgeRFC",
  "social.threads": "https://www.threads.net/@northbridgerovers",
  "social.instagram": "https://www.instagram.com/northbridgerovers/",
  "social.youtube": "https://www.youtube.com/@NorthbridgeRoversFC",
  "social.tiktok": "https://www.tiktok.com/@northbridgerovers",
  "cookie.title": "We value your privacy",
  "cookie.text": "We use cookies to make this site work and, with your consent, to understand how it is used, to personalise it and to show you relevant adverts from our partners. You can change your choice at any time.",
  "cookie.acceptButton": "Accept All Cookies",
  "cookie.policyLinkText": "Read our Cookie Policy",
  "cookie.policyLink": "/cookie-policy",
  "footer.copyright": "© 2024 Northbridge Rovers Football Club Limited. All rights reserved.",
  "footer.builtOn": "Built on Cloudflare Workers by the Rovers digital team.",
  "footer.quickLinksTitle": "Quick Links",
  "streamer.tagline": "Official Streaming Site of Northbridge Rovers FC",
  // spec §9: the support email (the streamer page's troubleshooting section offers it)
  "support.email": "tvsupport@northbridge-rovers.example",
  // spec §9: the streaming configuration's feed id, the on-demand feed /videos shows (feeds.slug)
  "tv.feed": "rovers-tv",
  // spec §9: the default live entry of each type, what /live/audio and /live/video play
  // (src/domain/default-live-entry.ts); live_stream_assets ids
  "live.defaultEntry.audio": "men-audio-commentary",
  "live.defaultEntry.video": "press-conference",
  "packages.title": "Rovers TV Packages",
  "packages.style": "dark",
  "packages.footerStyle": "light",
  "packages.noSubscriptionsText": "",
  "packages.noMatchPassesText": "",
  "packages.cta1Text": "Got a voucher code?",
  "packages.cta1ButtonCta": "Redeem a voucher",
  "packages.cta2Text": "Not sure which package is right for you?",
  "packages.cta2ButtonCta": "Read the FAQs",
  "packages.cta2ButtonLink": "/videos/faqs",
  "packages.voucherTitle": "Redeem a voucher code",
  "packages.voucherText": "Enter your voucher code below to add it to your Rovers Account.",
  "packages.voucherButton": "Redeem",
  "search.placeholder": "Search news and videos",
  // Site lock (spec §2 'Site lock screen', §4 'Site lock'): off; the phrase is read by the worker
  // only (never part of the shell sent to browsers). Change both through the admin API.
  "siteLock.enabled": "0",
  "siteLock.entryPhrase": "rovers-preview",
  // Spec §2 'Layouts': the default layout's variants (src/domain/layout-variants.ts).
  "layout.header": "sticky",
  "layout.footer": "v1",
  "layout.footerAdverts": "v1",
  // Spec §2 'Account summary': the debug package list, off (src/domain/debug-help.ts).
  "account.debugHelp": "0",
  // Spec §9: Google and Facebook login off (src/domain/social-login.ts); '1' turns one on.
  "login.social.google": "0",
  "login.social.facebook": "0",
  // Spec §1, §9: direct username/password login off (src/domain/direct-login.ts); '1' turns it on.
  "login.direct": "0",
  // The console's webhook health warns when no Stripe delivery came for longer (minutes).
  "console.webhookSilenceMinutes": "60",
  // Spec §9: the registration form is 'short' (src/domain/registration-form.ts); or 'long'.
  "login.registrationForm": "short",
  "login.registerText": "Don't have a Rovers Account yet? It's free and takes a minute.",
  // Spec §3 'Live upgrade data' (src/domain/live-upgrade.ts reads them; '*' and '?' as spec §4 defines).
  "liveUpgrade.brandingBackground": "#0b2d1f",
  "liveUpgrade.brandingTextColor": "#ffffff",
  "liveUpgrade.buttonLink": "/videos/subscriptions",
  "liveUpgrade.buttonText": "View Subscriptions",
  "liveUpgrade.entitlementDisplayOverride": "",
  "liveUpgrade.lockedVideoMessage": "Listen to live matches and watch full game replays on demand",
  "liveUpgrade.lockedVideoTitle": "To stream live games you must be subscribed to a TV package",
  "liveUpgrade.requireLoginEntitlement": "*",
  "liveUpgrade.requireUpgradeEntitlement": "?",
};

export function buildSettings() {
  return Object.entries(SETTINGS).map(([key, value]) => ({ key, value }));
}
