import { club } from "./club";
import type { IconName } from "../components/Icon";

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
  { label: "News", href: "/news" },
  { label: "Ticket News", href: "/category/tickets" },
  { label: "Teams", href: "/teams" },
  { label: "Matches", href: "/matches" },
];

/** Spec §2 'Navigation': secondary and sticky nav. */
export const secondaryNav: readonly NavLinkItem[] = [
  { label: "Buy Tickets", href: club.links.buyTickets, external: true, icon: "ticket", highlight: true },
  { label: "Buy Hospitality", href: "/hospitality", icon: "hospitality" },
  { label: "Store", href: club.links.store, external: true, icon: "shop" },
  { label: club.tvName, href: "/videos", icon: "play-circle" },
];

/** Spec §2 'Navigation': main menu (before the content-managed tree). */
export const mainMenuNav: readonly NavLinkItem[] = [
  { label: "News", href: "/news" },
  { label: "Matches", href: "/matches" },
  { label: "Teams", href: "/teams" },
  { label: "Buy Tickets", href: club.links.buyTickets, external: true },
  { label: "Hospitality", href: "/hospitality" },
  { label: "Shop", href: club.links.store, external: true },
  { label: club.tvName, href: "/videos" },
];

/** Footer quick links, grouped. */
export const footerLinkGroups: readonly { title: string; links: readonly NavLinkItem[] }[] = [
  {
    title: "Club",
    links: [
      { label: "News", href: "/news" },
      { label: "Matches", href: "/matches" },
      { label: "Teams", href: "/teams" },
      { label: club.tvName, href: "/videos" },
    ],
  },
  {
    title: "Tickets",
    links: [
      { label: "Buy Tickets", href: club.links.buyTickets, external: true },
      { label: "Ticket News", href: "/category/tickets" },
      { label: "Hospitality", href: "/hospitality" },
      { label: "Store", href: club.links.store, external: true },
    ],
  },
  {
    title: "Club Information",
    links: [
      { label: "Contact Us", href: "/club-information/contact-us" },
      { label: "Company Details", href: "/club-information/company-details" },
      { label: "Conferencing & Events", href: club.links.conferencing, external: true },
      { label: "Community Trust", href: club.links.communityTrust, external: true },
    ],
  },
];

/** Spec §2 'Footer': legal links. */
export const legalNav: readonly NavLinkItem[] = [
  { label: "Cookie Policy", href: "/cookie-policy" },
  { label: "Website Privacy Policy", href: "/website-privacy-policy" },
  { label: "Terms of Use", href: "/terms-of-use" },
  { label: "Company Details", href: "/club-information/company-details" },
  { label: "Contact Us", href: "/club-information/contact-us" },
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
