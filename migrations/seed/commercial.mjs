/** Sponsors (footer rows, header, sections), adverts and overlay promos. */
import { slugify } from "./sql.mjs";

/** [title, url, child friendly, published] */
const SPONSORS = [
  ["Harbourline Insurance", "https://harbourline.example/", true, true],
  ["Northbridge Building Society", "https://northbridge-bs.example/", true, true],
  ["Calder Motors", "https://caldermotors.example/", true, true],
  ["Redline Bet", "https://redlinebet.example/", false, true],
  ["Brewhouse Lager", "https://brewhouse.example/", false, true],
  ["Vale Fibre Broadband", "https://valefibre.example/", true, true],
  ["Riverside Hotel & Spa", "https://riversidehotel.example/", true, true],
  ["Kestrel Coaches", "https://kestrelcoaches.example/", true, true],
  ["Stride Sportswear", "https://stride.example/", true, true],
  ["Vale Spring Water", "https://valespring.example/", true, true],
  ["Ironworks Energy", "https://ironworksenergy.example/", true, true],
  ["Lucky Acorn Casino", "https://luckyacorn.example/", false, true],
  ["Northbridge University", "https://northbridge-uni.example/", true, true],
  ["Pennine Print", "https://pennineprint.example/", true, true],
  ["Greyhaven Logistics", "https://greyhavenlogistics.example/", true, false],
];

const ROWS = [
  { id: 1, title: "Principal Partners", size: "large", titleSize: "h3", sponsors: ["Harbourline Insurance", "Northbridge Building Society", "Calder Motors"] },
  { id: 2, title: "Official Partners", size: "small", titleSize: "h4", sponsors: ["Redline Bet", "Brewhouse Lager", "Vale Fibre Broadband", "Riverside Hotel & Spa", "Ironworks Energy", "Lucky Acorn Casino", "Greyhaven Logistics"] },
  { id: 3, title: "Official Suppliers", size: "small", titleSize: "h4", sponsors: ["Stride Sportswear", "Vale Spring Water", "Kestrel Coaches", "Northbridge University", "Pennine Print"] },
];

export function buildSponsors() {
  const sponsors = SPONSORS.map(([title, url, childFriendly, published], i) => ({
    id: i + 1,
    campaign_id: 100 + i,
    admin_name: `${title} (${2024 - (i % 3)} deal)`,
    title,
    url,
    image_key: `sponsor-${slugify(title)}`,
    media_library_id: 5000 + i,
    published: published ? 1 : 0,
    forced_order: i + 1,
    is_child_friendly: childFriendly ? 1 : 0,
  }));
  const idOf = (title) => sponsors.find((s) => s.title === title).id;
  const rows = ROWS.map((row) => ({
    id: row.id,
    admin_name: `Footer: ${row.title}`,
    title: row.title,
    title_size: row.titleSize,
    sponsor_size: row.size,
    forced_order: row.id,
    area: "footer",
  }));
  const rowSponsors = ROWS.flatMap((row) => row.sponsors.map((title, position) => ({ row_id: row.id, sponsor_id: idOf(title), position: position + 1 })));
  const headerSponsors = [
    { id: 1, name: "Harbourline Insurance", image_key: "sponsor-harbourline-insurance", sponsor_url: "https://harbourline.example/", child_friendly: 1, position: 1 },
    { id: 2, name: "Redline Bet", image_key: "sponsor-redline-bet", sponsor_url: "https://redlinebet.example/", child_friendly: 0, position: 2 },
  ];
  const sectionSponsors = [
    { id: 1, section_id: "videos", name: "Rovers TV in association with Vale Fibre Broadband", type: "web", active: 1, sponsor_id: idOf("Vale Fibre Broadband") },
    { id: 2, section_id: "matches", name: "Fixtures presented by Calder Motors", type: "web", active: 1, sponsor_id: idOf("Calder Motors") },
    { id: 3, section_id: "matches", name: "Match centre odds by Redline Bet", type: "app", active: 1, sponsor_id: idOf("Redline Bet") },
    { id: 4, section_id: "news", name: "News powered by Pennine Print", type: "web", active: 0, sponsor_id: idOf("Pennine Print") },
  ];
  return { sponsors, rows, rowSponsors, headerSponsors, sectionSponsors };
}

const FOREVER = "2030-12-31T23:59:59.000Z";

/** Newer advert form. Mixed on purpose: eligibility (spec §5) must filter some of them out. */
export function buildAdverts() {
  const list = [
    // Eligible now and for years to come.
    { name: "Rovers TV+ annual", ref: "RTV-PLUS-ANNUAL", campaign: "ROVERS-TV", title: "Every men's game live on Rovers TV+", url: "/videos/subscriptions", channel: "", child: 1, start: "2024-07-01T00:00:00.000Z", end: FOREVER, slot: "mpu" },
    { name: "Season tickets", ref: "ST-2025", campaign: "TICKETING", title: "Season tickets on sale now", url: "https://tickets.northbridgerovers.example/season-tickets", channel: "web", child: 1, start: "2024-04-01T00:00:00.000Z", end: FOREVER, slot: "banner" },
    { name: "Harbourline home insurance", ref: "HARB-HOME", campaign: "HARBOURLINE-24", title: "Home insurance from Harbourline", url: "https://harbourline.example/home", channel: "", child: 1, start: "2024-01-01T00:00:00.000Z", end: FOREVER, slot: "banner-large" },
    { name: "Redline Bet welcome offer", ref: "REDLINE-WELCOME", campaign: "REDLINE-24", title: "Bet £10 get £30", url: "https://redlinebet.example/welcome", channel: "web", child: 0, start: "2024-01-01T00:00:00.000Z", end: FOREVER, slot: "mpu" },
    { name: "Club store: new home kit", ref: "STORE-KIT", campaign: "RETAIL", title: "The new home kit is here", url: "https://store.northbridgerovers.example/kit", channel: "", child: 1, start: "2024-07-05T00:00:00.000Z", end: FOREVER, slot: "content-feed" },
    { name: "Calder Motors test drive", ref: "CALDER-DRIVE", campaign: "CALDER-24", title: "Book a test drive at Calder Motors", url: "https://caldermotors.example/test-drive", channel: "web", child: 1, start: "2023-08-01T00:00:00.000Z", end: FOREVER, slot: "banner" },
    { name: "Brewhouse matchday pint", ref: "BREW-PINT", campaign: "BREWHOUSE-24", title: "Brewhouse: official beer of Rovers", url: "https://brewhouse.example/", channel: "", child: 0, start: "2024-01-01T00:00:00.000Z", end: FOREVER, slot: "content-feed" },
    { name: "Hospitality 1884 Lounge", ref: "HOSP-1884", campaign: "HOSPITALITY", title: "Dine in the 1884 Lounge", url: "/hospitality", channel: "", child: 1, start: "2024-06-01T00:00:00.000Z", end: FOREVER, slot: "mpu" },
    // Not eligible: expired, disabled, app-only, no url, no mobile image.
    { name: "Boxing Day 2023 tickets", ref: "BOXING-23", campaign: "TICKETING", title: "Boxing Day tickets", url: "https://tickets.northbridgerovers.example/", channel: "", child: 1, start: "2023-11-20T00:00:00.000Z", end: "2023-12-26T15:00:00.000Z", slot: "banner" },
    { name: "Summer sale 2022", ref: "SALE-22", campaign: "RETAIL", title: "Up to 50% off in the summer sale", url: "https://store.northbridgerovers.example/sale", channel: "web", child: 1, start: "2022-06-01T00:00:00.000Z", end: "2022-07-31T23:59:59.000Z", slot: "mpu" },
    { name: "Lucky Acorn free spins", ref: "ACORN-SPINS", campaign: "ACORN-24", title: "50 free spins", url: "https://luckyacorn.example/", channel: "", child: 0, start: "2024-01-01T00:00:00.000Z", end: FOREVER, slot: "banner-large", enabled: 0 },
    { name: "Rovers app download", ref: "APP-DOWNLOAD", campaign: "DIGITAL", title: "Download the Rovers app", url: "https://app.northbridgerovers.example/", channel: "app", child: 1, start: "2024-01-01T00:00:00.000Z", end: FOREVER, slot: "banner" },
    { name: "Vale Fibre (awaiting link)", ref: "VALE-NOLINK", campaign: "VALE-24", title: "Faster broadband", url: null, channel: "", child: 1, start: "2024-01-01T00:00:00.000Z", end: FOREVER, slot: "mpu" },
    { name: "Ironworks Energy (desktop only)", ref: "IRON-DESKTOP", campaign: "IRONWORKS-24", title: "Switch to Ironworks Energy", url: "https://ironworksenergy.example/", channel: "", child: 1, start: "2024-01-01T00:00:00.000Z", end: FOREVER, slot: "banner-large", noMobile: true },
    { name: "Christmas 2030 campaign", ref: "XMAS-30", campaign: "RETAIL", title: "Christmas gifts", url: "https://store.northbridgerovers.example/christmas", channel: "", child: 1, start: "2030-11-01T00:00:00.000Z", end: FOREVER, slot: "content-feed" },
  ];
  return list.map((ad, i) => ({
    id: i + 1,
    advert_name: ad.name,
    advert_ref: ad.ref,
    campaign_ref: ad.campaign,
    advert_title: ad.title,
    url: ad.url,
    enabled: ad.enabled ?? 1,
    channel: ad.channel,
    child_friendly: ad.child,
    start_utc: ad.start,
    end_utc: ad.end,
    mobile_image_key: ad.noMobile ? null : `advert-${slugify(ad.ref)}-mobile`,
    mobile_image_size: ad.noMobile ? null : "750x750",
    desktop_image_key: `advert-${slugify(ad.ref)}-desktop`,
    desktop_image_size: ad.slot === "mpu" ? "600x500" : ad.slot === "content-feed" ? "750x750" : ad.slot === "banner" ? "1456x180" : "2000x250",
    slot_type: ad.slot,
  }));
}

/**
 * One promo is active on the web (so a first visit meets the overlay promo); the others
 * exercise the rule: a Mini one still to come, two expired, one disabled (and not child friendly),
 * one for the app channel only.
 */
export function buildOverlayPromos() {
  const promo = (p) => ({ web_new_window: 0, child_friendly: 1, channel: "Web", enabled: 1, ...p });
  return [
    promo({ id: 1, start_date_time: "2024-08-01T00:00:00.000Z", end_date_time: FOREVER, type: "Default", url: "/videos/subscriptions", image_key: "promo-rovers-tv-plus", image_alt_text: "Rovers TV+: every men's game live, first month free with code FIRSTMONTH" }),
    promo({ id: 2, start_date_time: "2030-06-01T00:00:00.000Z", end_date_time: FOREVER, type: "Mini", url: "https://tickets.northbridgerovers.example/season-tickets", web_new_window: 1, image_key: "promo-season-tickets", image_alt_text: "Season tickets on sale now" }),
    promo({ id: 3, start_date_time: "2023-12-01T00:00:00.000Z", end_date_time: "2023-12-31T23:59:59.000Z", type: "Default", url: "https://store.northbridgerovers.example/christmas", web_new_window: 1, image_key: "promo-christmas-2023", image_alt_text: "Christmas gifts from the club store" }),
    promo({ id: 4, start_date_time: "2022-07-14T00:00:00.000Z", end_date_time: "2022-08-31T23:59:59.000Z", type: "Mini", url: "/videos/subscriptions", image_key: "promo-rovers-tv-plus-launch", image_alt_text: "Introducing Rovers TV+" }),
    promo({ id: 5, start_date_time: "2024-01-01T00:00:00.000Z", end_date_time: FOREVER, type: "Mini", url: "https://redlinebet.example/welcome", web_new_window: 1, image_key: "promo-redline-bet", image_alt_text: "Redline Bet welcome offer", child_friendly: 0, enabled: 0 }),
    promo({ id: 6, start_date_time: "2024-01-01T00:00:00.000Z", end_date_time: FOREVER, type: "Mini", url: "https://app.northbridgerovers.example/", web_new_window: 1, image_key: "promo-rovers-app", image_alt_text: "Download the Rovers app", channel: "App" }),
  ];
}
