import { club } from "./club";
import type { IconName } from "../components/Icon";
import { sitePaths } from "../routes/paths";

/** A link of the static navigation: internal paths start with '/', external ones open in a new tab. */
export interface NavLinkItem {
  label: string;
  href: string;
  external?: boolean;
  icon?: IconName;
  /** the call-to-action look (Buy Tickets) */
  highlight?: boolean;
}

/** Spec §2 'Navigation': primary nav. */
export const primaryNav: readonly NavLinkItem[] = [
  { label: "News", href: sitePaths.news },
  { label: "Ticket News", href: sitePaths.ticketNews },
  { label: "Teams", href: sitePaths.teams },
  { label: "Matches", href: sitePaths.matches },
];

/** Spec §2 'Navigation': secondary and sticky nav. */
export const secondaryNav: readonly NavLinkItem[] = [
  { label: "Buy Tickets", href: club.links.buyTickets, external: true, icon: "ticket", highlight: true },
  { label: "Buy Hospitality", href: sitePaths.hospitality, icon: "hospitality" },
  { label: "Store", href: club.links.store, external: true, icon: "shop" },
  { label: club.tvName, href: sitePaths.videos, icon: "play-circle" },
];

/** Spec §2 'Navigation': main menu (before the content-managed tree). */
export const mainMenuNav: readonly NavLinkItem[] = [
  { label: "News", href: sitePaths.news },
  { label: "Matches", href: sitePaths.matches },
  { label: "Teams", href: sitePaths.teams },
  { label: "Buy Tickets", href: club.links.buyTickets, external: true },
  { label: "Hospitality", href: sitePaths.hospitality },
  { label: "Shop", href: club.links.store, external: true },
  { label: club.tvName, href: sitePaths.videos },
];

/** Footer quick links, grouped. */
export const footerLinkGroups: readonly { title: string; links: readonly NavLinkItem[] }[] = [
  {
    title: "Club",
    links: [
      { label: "News", href: sitePaths.news },
      { label: "Matches", href: sitePaths.matches },
      { label: "Teams", href: sitePaths.teams },
      { label: club.tvName, href: sitePaths.videos },
    ],
  },
  {
    title: "Tickets",
    links: [
      { label: "Buy Tickets", href: club.links.buyTickets, external: true },
      { label: "Ticket News", href: sitePaths.ticketNews },
      { label: "Hospitality", href: sitePaths.hospitality },
      { label: "Store", href: club.links.store, external: true },
    ],
  },
  {
    title: "Club Information",
    links: [
      { label: "Contact Us", href: sitePaths.contactUs },
      { label: "Company Details", href: sitePaths.companyDetails },
      { label: "Conferencing & Events", href: club.links.conferencing, external: true },
      { label: "Community Trust", href: club.links.communityTrust, external: true },
    ],
  },
];

/** Spec §2 'Footer': legal links. */
export const legalNav: readonly NavLinkItem[] = [
  { label: "Cookie Policy", href: sitePaths.cookiePolicy },
  { label: "Website Privacy Policy", href: sitePaths.privacyPolicy },
  { label: "Terms of Use", href: sitePaths.termsOfUse },
  { label: "Company Details", href: sitePaths.companyDetails },
  { label: "Contact Us", href: sitePaths.contactUs },
];

/** Social networks of the footer; URLs come from the CMS settings under these keys (or social_{name}). */
export const socialNetworks = [
  { key: "social.facebook", label: "Facebook", icon: "facebook" },
  { key: "social.x", label: "X", icon: "x" },
  { key: "social.threads", label: "Threads", icon: "threads" },
  { key: "social.instagram", label: "Instagram", icon: "instagram" },
  { key: "social.youtube", label: "YouTube", icon: "youtube" },
  { key: "social.tiktok", label: "TikTok", icon: "tiktok" },
] as const satisfies readonly { key: string; label: string; icon: IconName }[];
