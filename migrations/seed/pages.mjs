/** The CMS page tree of spec §2 'Navigation', and the content pages the site links to. */
import { CLUB_LINKS } from "./news.mjs";
import { a, h2, join, p, ul } from "./news-text.mjs";

const CONTACT = {
  address: "Riverside Park, River Way, Northbridge NB1 4RF",
  phone: "01632 960 400",
  email: "info@northbridgerovers.example",
  tickets: "tickets@northbridgerovers.example",
  tv: "rovers.tv@northbridgerovers.example",
};

const BODIES = {
  tickets: join(
    p(`Everything you need to know about buying tickets for Rovers matches at Riverside Park and on the road. Match tickets are sold online through ${a(CLUB_LINKS.buyTickets, "the Rovers ticket office", true)}.`),
    p(`The latest on-sale dates are published in ${a("/category/tickets", "Ticket News")}.`),
  ),
  "season-tickets": join(
    p("A season ticket is the best-value way to watch Rovers: every home league game, your own seat, and priority for cup and away tickets."),
    h2("Benefits"),
    ul(["Your own seat for every home league game", "Priority booking for cup ties and away games", "10% off in the club store", "Free entry to every Rovers Women league game", "Ticket exchange: list your seat if you cannot make a game"]),
    p(`Season tickets can be paid for in full or by ten monthly instalments. Contact the ticket office at ${CONTACT.tickets}.`),
  ),
  "away-travel": join(
    p("Official supporters' coaches run to every away league game, departing from the Riverside Park coach park."),
    ul(["Adults £22 return, under-18s £15", "Coaches leave three and a half hours before kick-off (longer for distant trips)", "Book when you buy your match ticket, or on board if seats remain"]),
    p("Please be on time: coaches cannot wait for late passengers."),
  ),
  hospitality: join(
    p("Make it a matchday to remember. Our hospitality lounges at Riverside Park offer fine dining, the best seats in the house and a warm Rovers welcome, for a special occasion or for entertaining clients."),
    h2("Matchday packages"),
    ul([
      "<strong>The 1884 Lounge</strong>: three-course dining, padded seats on the halfway line, complimentary bar, from £165 + VAT per person",
      "<strong>Riverside Club</strong>: two-course meal, seats in the Riverside Stand, from £95 + VAT per person",
      "<strong>Matchday Sponsorship</strong>: for up to 20 guests, with a stadium tour and pitchside photographs, from £3,200 + VAT",
      "<strong>Private boxes</strong>: for 8 to 12 guests, season-long or single match",
    ]),
    p(`To book, call the hospitality team on ${CONTACT.phone} (option 3) or email hospitality@northbridgerovers.example. Packages for the current season can also be booked through ${a(CLUB_LINKS.buyTickets, "the ticket office", true)}.`),
  ),
  "matchday-packages": join(
    p("Every matchday package includes a welcome drink, a matchday programme, a padded seat and a visit from a former player."),
    p("Packages are available for every home league and cup game, subject to availability. Dress code: smart casual, no replica shirts in the 1884 Lounge."),
  ),
  "private-boxes": join(
    p("Our twelve private boxes overlook the pitch from the Riverside Stand, each with its own balcony seating, a dedicated host and a choice of menus."),
    p("Boxes are available for the whole season or for a single match. Ask the hospitality team for availability."),
  ),
  "club-information": join(
    p("Northbridge Rovers FC was founded in 1884 by workers at the Northbridge ironworks and has played at Riverside Park since 1903."),
    p("Find company information, contact details, the stadium guide and our policies below."),
  ),
  "company-details": join(
    p("Northbridge Rovers Football Club Limited is a company registered in England and Wales."),
    ul([
      "Company number: 00012884",
      `Registered office: ${CONTACT.address}`,
      "VAT registration number: GB 123 4567 89",
      "Chair: David Ashcroft",
      "Chief Executive: Helen Marchetti",
      "Club secretary: Margaret Oduya",
    ]),
    p("Northbridge Rovers Community Trust is a registered charity (number 1100884) and a company limited by guarantee."),
  ),
  "contact-us": join(
    p("We're happy to help. Please use the right contact below so that your enquiry reaches the right team quickly."),
    ul([
      `General enquiries: ${CONTACT.email}, ${CONTACT.phone}`,
      `Ticket office: ${CONTACT.tickets}, ${CONTACT.phone} (option 1), Monday to Friday 9am to 5pm`,
      `Rovers TV support: ${CONTACT.tv}`,
      "Hospitality: hospitality@northbridgerovers.example, option 3",
      "Media enquiries: media@northbridgerovers.example",
      "Disability liaison officer: access@northbridgerovers.example",
    ]),
    h2("Find us"),
    p(`${CONTACT.address}. Riverside Park is a ten-minute walk from Northbridge Central station. There is no parking at the ground on matchdays except for blue badge holders.`),
  ),
  history: join(
    p("Rovers were formed in 1884 and joined the Football League in 1921. The club's greatest day came in 1974, when a side captained by Billy Raine won the cup in front of 98,000 supporters."),
    p("Riverside Park, on the banks of the River Northe, has been our home since 1903. The Riverside Stand, rebuilt in 1998, is named after the ground's original wooden stand, which was lost to a flood in 1947."),
  ),
  "stadium-guide": join(
    p("Riverside Park holds 27,500 supporters in four stands: the Riverside Stand, the East Stand, the North Stand (home end) and the Ironworks End, which houses visiting supporters."),
    ul(["Turnstiles open 90 minutes before kick-off", "Bag size limit: A4", "Riverside Park is a cashless stadium", "Baby-changing facilities in every stand"]),
  ),
  accessibility: join(
    p("We want everyone to enjoy a matchday at Riverside Park. Wheelchair bays with a companion seat are available in every stand, with a lift to the Riverside Stand platform."),
    ul(["Audio-descriptive commentary: ask at the Riverside Stand reception for a headset", "Sensory room in the East Stand, bookable for each home game", "Assistance dogs are welcome"]),
  ),
  netball: join(
    p("Northbridge Rovers Netball compete in the national netball league, playing home games at Northbridge Arena. The partnership brings elite netball and football together under one badge."),
    p("Follow the team's fixtures, results and news here."),
  ),
  "netball-fixtures": join(
    p("The netball season runs from February to June, with home games on Saturday evenings at Northbridge Arena."),
    p("Fixtures are published by the league each January."),
  ),
  "your-club": join(
    p("Rovers belong to their supporters. Get involved with supporters' clubs, the fan advisory board and the matchday programme."),
  ),
  "supporters-clubs": join(
    p("There are 34 official Rovers supporters' clubs across the UK and beyond, from Northbridge to Norway."),
    p("Official supporters' clubs get priority for away tickets and an annual visit from a first-team player."),
  ),
  "fan-advisory-board": join(
    p("The fan advisory board meets the club's directors four times a year. Its twelve members are elected by supporters and include representatives of disabled, young and women supporters."),
  ),
  "matchday-programme": join(
    p("The official matchday programme is on sale at every home game, priced £4, with interviews, history and a full team line-up."),
  ),
  "rovers-women": join(
    p("Rovers Women play in the Women's Championship. Home games are at the Northbridge Community Stadium, with showcase fixtures at Riverside Park."),
    p(`${a("/teams/womens-first-team", "Meet the squad")} and ${a("/category/women", "read the latest news")}.`),
  ),
  "women-tickets": join(
    p("Tickets for Rovers Women home games cost £7 for adults and £2 for under-18s, with free entry for Rovers season ticket holders."),
    p(`Buy online from ${a(CLUB_LINKS.buyTickets, "the ticket office", true)} or pay at the turnstile.`),
  ),
  "women-about": join(
    p("Formed in 1991 as Northbridge Ladies, Rovers Women became part of the club in 2008 and turned semi-professional in 2019."),
  ),
  academy: join(
    p("The Rovers Academy develops players from under-9 to under-21 level, with Rovers B and the U18s as its senior sides."),
    p(`${a("/teams/u18", "Meet the U18s")}, ${a("/teams/b-team", "meet Rovers B")} or ${a("/category/academy", "read Academy news")}.`),
  ),
  "academy-about": join(
    p("Our Academy holds Category Two status. Scholars combine full-time football with education at Northbridge College, and every player has a personal development plan."),
  ),
  trials: join(
    p("We hold open trials for our development centres every spring, for boys and girls aged 8 to 14 who are not registered with a professional academy."),
    ul(["Register in advance: places are limited", "Bring boots, shin pads, trainers and a drink", "A parent or guardian must stay for the session"]),
  ),
  education: join(
    p("Every scholar studies for a BTEC or A levels at Northbridge College, with tutors on site at Hallow Lane twice a week."),
  ),
  "rovers-tv-support": join(
    p("Help with Rovers TV: getting started, subscriptions, watching on your devices and fixing problems."),
    p(`Most questions are answered in ${a("/videos/faqs", "the Rovers TV FAQs")}.`),
  ),
  "device-guide": join(
    p("Rovers TV works in current versions of Chrome, Edge, Firefox and Safari on a computer, and through the Rovers app on phones and tablets."),
    ul(["Live streams are not supported in phone or tablet web browsers: please use the app", "Smart TVs: cast from the app or a Chrome browser", "Streams are not available through a VPN"]),
  ),
  troubleshooting: join(
    p("If a stream won't play, try these steps first:"),
    ul(["Refresh the page and sign in again", "Check your connection: 2 Mbps minimum, 4 Mbps for HD", "Turn off any VPN or proxy", "Log out of Rovers TV on other devices if you have reached the limit of concurrent streams", "'Media not found' means the live player is only live during a match"]),
  ),
  "contact-support": join(
    p(`If you still need help, email ${CONTACT.tv} with your Rovers Account email address, the device and browser you are using, and a description of the problem.`),
    p("Faults during a live match must be reported during the game to be considered for a refund."),
  ),
  "cookie-policy": join(
    p("This policy explains how Northbridge Rovers FC uses cookies and similar technologies on this website."),
    h2("What are cookies?"),
    p("Cookies are small text files placed on your device by the websites you visit. They are widely used to make websites work, to make them work more efficiently and to provide information to the site owners."),
    h2("The cookies we use"),
    ul([
      "<strong>Strictly necessary</strong>: sign-in, security and your cookie preferences. These cannot be switched off.",
      "<strong>Analytics</strong>: how visitors use the site, so that we can improve it. Off unless you consent.",
      "<strong>Marketing</strong>: to show relevant adverts from our partners. Off unless you consent.",
      "<strong>Personalisation</strong>: to remember choices such as your favourite team. Off unless you consent.",
    ]),
    h2("Managing cookies"),
    p("You can change your choices at any time using the cookie settings link in the footer, and you can delete cookies through your browser's settings."),
    p(`Questions about this policy can be sent to ${CONTACT.email}.`),
  ),
  "website-privacy-policy": join(
    p("Northbridge Rovers Football Club Limited is the controller of the personal data collected through this website and Rovers TV. This notice explains what we collect, why, and your rights."),
    h2("What we collect"),
    ul(["Account details from the Rovers Account sign-in: name, email address and account ID", "Subscriptions and purchases (card details are handled by our payment provider and never stored by us)", "Technical data such as device type and viewing sessions, to prevent account sharing and fix faults"]),
    h2("How we use it"),
    p("To run your account and subscriptions, to provide the services you ask for, to meet our legal obligations and, with your consent, to send you news and offers."),
    h2("Your rights"),
    p(`You can ask for a copy of your data, ask us to correct or delete it, or object to its use, by writing to the Data Protection Officer at ${CONTACT.address} or dpo@northbridgerovers.example. You also have the right to complain to the Information Commissioner's Office.`),
  ),
  "terms-of-use": join(
    p("These terms apply to your use of this website and of Rovers TV. By using them you agree to these terms."),
    h2("Rovers TV subscriptions"),
    ul(["Subscriptions renew automatically until cancelled", "Cancellations need three working days' notice before the next payment date", "Refunds are only considered for faults reported during the game", "No refunds are given for viewing through a VPN or in a phone or tablet web browser"]),
    h2("Acceptable use"),
    p("Content on this website and Rovers TV is for personal, non-commercial use. You must not record, rebroadcast or share streams, or share your account."),
    h2("Liability"),
    p("We do our best to keep the service available but cannot guarantee it will be uninterrupted. Nothing in these terms limits your statutory rights."),
  ),
  "payment-successful": join(
    p("Thank you: your payment was successful and your subscription is now active."),
    p(`It can take a minute for your account to update. ${a("/videos", "Start watching on Rovers TV")} or ${a("/live", "see what's live")}.`),
  ),
  "payment-cancelled": join(
    p("Your payment was cancelled and you have not been charged."),
    p(`If something went wrong, you can ${a("/videos/subscriptions", "choose a package again")} or read the ${a("/videos/faqs", "Rovers TV FAQs")}.`),
  ),
};

/**
 * The tree. Order in this list is parents first (foreign keys). `path` is the page's own slug;
 * full paths are built from the parents.
 */
const TREE = [
  { id: 1, title: "Tickets", slug: "tickets", template: "Hub", layout: "full-menu", icon: "ticket", hero: true, body: "tickets" },
  { id: 2, parent: 1, title: "Buy Match Tickets", slug: "match-tickets", external: CLUB_LINKS.buyTickets, newTab: true },
  { id: 3, parent: 1, title: "Season Tickets", slug: "season-tickets", body: "season-tickets", hero: true },
  { id: 4, parent: 1, title: "Away Travel", slug: "away-travel", body: "away-travel" },
  { id: 5, parent: 1, title: "Ticket News", slug: "ticket-news", redirect: ["/category/tickets", 301] },
  { id: 6, title: "Hospitality", slug: "hospitality", template: "Landing", layout: "feature-menu", hero: true, body: "hospitality" },
  { id: 7, parent: 6, title: "Matchday Packages", slug: "matchday-packages", body: "matchday-packages", hero: true },
  { id: 8, parent: 6, title: "Private Boxes", slug: "private-boxes", body: "private-boxes" },
  { id: 9, title: "Shop", slug: "shop", external: CLUB_LINKS.store, newTab: true, customClass: "menu-item--shop" },
  { id: 10, title: "Club Information", slug: "club-information", template: "Hub", layout: "component-menu", body: "club-information" },
  { id: 11, parent: 10, title: "Company Details", slug: "company-details", body: "company-details" },
  { id: 12, parent: 10, title: "Contact Us", slug: "contact-us", body: "contact-us" },
  { id: 13, parent: 10, title: "History", slug: "history", body: "history", hero: true },
  { id: 14, parent: 10, title: "Stadium Guide", slug: "stadium-guide", body: "stadium-guide", hero: true },
  { id: 15, parent: 10, title: "Accessibility", slug: "accessibility", body: "accessibility" },
  { id: 16, parent: 10, title: "Vacancies", slug: "vacancies", redirect: ["https://jobs.northbridgerovers.example/", 302] },
  { id: 17, parent: 10, title: "Statement on ground redevelopment", slug: "ground-redevelopment", draft: true, body: "history" },
  { id: 18, title: "Netball", slug: "netball", template: "Landing", layout: "feature-menu", hero: true, body: "netball" },
  { id: 19, parent: 18, title: "Netball Fixtures", slug: "fixtures", body: "netball-fixtures" },
  { id: 20, title: "Conferencing & Events", slug: "conferencing-and-events", external: CLUB_LINKS.conferencing, newTab: true },
  { id: 21, title: "Your Club", slug: "your-club", template: "Hub", layout: "full-menu", body: "your-club" },
  { id: 22, parent: 21, title: "Supporters' Clubs", slug: "supporters-clubs", body: "supporters-clubs" },
  { id: 23, parent: 21, title: "Fan Advisory Board", slug: "fan-advisory-board", body: "fan-advisory-board" },
  { id: 24, parent: 21, title: "Matchday Programme", slug: "matchday-programme", body: "matchday-programme" },
  { id: 25, title: "Community Trust", slug: "community-trust", external: CLUB_LINKS.communityTrust, newTab: true },
  { id: 26, title: "Rovers Women", slug: "rovers-women", template: "Hub", layout: "component-menu", hero: true, body: "rovers-women", customClass: "menu-item--women" },
  { id: 27, parent: 26, title: "Tickets", slug: "tickets", body: "women-tickets" },
  { id: 28, parent: 26, title: "Fixtures", slug: "fixtures", redirect: ["/matches/womens-first-team", 302] },
  { id: 29, parent: 26, title: "About Rovers Women", slug: "about", body: "women-about" },
  { id: 30, title: "Academy", slug: "academy", template: "Hub", layout: "component-menu", hero: true, body: "academy" },
  { id: 31, parent: 30, title: "About the Academy", slug: "about", body: "academy-about" },
  { id: 32, parent: 30, title: "Trials", slug: "trials", body: "trials" },
  { id: 33, parent: 30, title: "Education", slug: "education", body: "education" },
  { id: 34, parent: 30, title: "U18 Fixtures", slug: "u18-fixtures", redirect: ["/matches/u18", 302] },
  { id: 35, title: "Rovers TV Support", slug: "rovers-tv-support", template: "Landing", layout: "auto-only-menu", icon: "video", body: "rovers-tv-support" },
  { id: 36, parent: 35, title: "FAQs", slug: "faqs", redirect: ["/videos/faqs", 302] },
  { id: 37, parent: 35, title: "Device Guide", slug: "device-guide", body: "device-guide" },
  { id: 38, parent: 35, title: "Troubleshooting", slug: "troubleshooting", body: "troubleshooting" },
  { id: 39, parent: 35, title: "Contact Support", slug: "contact-support", body: "contact-support" },
  // Pages outside the menus: legal pages (footer links) and checkout return pages.
  { id: 40, title: "Cookie Policy", slug: "cookie-policy", hidden: true, body: "cookie-policy" },
  { id: 41, title: "Website Privacy Policy", slug: "website-privacy-policy", hidden: true, body: "website-privacy-policy" },
  { id: 42, title: "Terms of Use", slug: "terms-of-use", hidden: true, body: "terms-of-use" },
  { id: 43, title: "Payment Successful", slug: "payment-successful", hidden: true, body: "payment-successful" },
  { id: 44, title: "Payment Cancelled", slug: "payment-cancelled", hidden: true, body: "payment-cancelled" },
];

export function buildMenuPages() {
  const byId = new Map();
  const rows = [];
  const order = new Map();
  for (const node of TREE) {
    const parent = node.parent ? byId.get(node.parent) : null;
    if (node.parent && !parent) throw new Error(`page ${node.id}: parent ${node.parent} comes later`);
    const siblings = order.get(node.parent ?? 0) ?? 0;
    order.set(node.parent ?? 0, siblings + 1);
    const fullPath = parent ? `${parent.full_path}/${node.slug}` : node.slug;
    if (node.body && !BODIES[node.body]) throw new Error(`page ${node.id}: no body ${node.body}`);
    const row = {
      id: node.id,
      parent_id: parent ? parent.id : null,
      post_title: node.title,
      post_status: node.draft ? "Draft" : "Published",
      page_template: node.template ?? "Default",
      menu_layout: node.layout ?? "auto-only-menu",
      page_order: siblings + 1,
      page_slug: node.slug,
      full_path: fullPath,
      nested_level: parent ? parent.nested_level + 1 : 0,
      post_type: node.external ? "external" : "internal",
      external_url: node.external ?? null,
      new_tab: node.newTab ? 1 : 0,
      link_slug: node.external ? null : `/${fullPath}`,
      icon: node.icon ?? null,
      custom_class: node.customClass ?? null,
      in_menu: node.hidden || node.draft ? 0 : 1,
      body_html: node.body ? BODIES[node.body] : "",
      hero_image_key: node.hero ? `page-${fullPath.replaceAll("/", "-")}` : null,
      redirect_location: node.redirect ? node.redirect[0] : null,
      redirect_status: node.redirect ? node.redirect[1] : null,
    };
    byId.set(node.id, row);
    rows.push(row);
  }
  return rows;
}
