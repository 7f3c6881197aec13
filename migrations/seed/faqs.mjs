/** Rovers TV FAQs (the /videos/faqs page) and the streamer layout's six troubleshooting entries. */
import { a, join, p, ul } from "./news-text.mjs";

const GROUPS = [
  {
    title: "Getting started",
    scope: "videos",
    questions: [
      ["What is Rovers TV?", join(p("Rovers TV is the official streaming service of Northbridge Rovers FC: highlights, interviews, full match replays, inside training, live press conferences and, with Rovers TV+, live audio commentary of every men's match."))],
      ["Do I need an account?", join(p(`Highlights and interviews are free with a Rovers Account. ${a("/account/login", "Log in or register")} to start watching; some clips are free to everyone.`))],
      ["What does each package include?", join(
        ul([
          "<strong>Free Rovers Account</strong>: short and extended men's highlights, pre- and post-match interviews of the men's and women's teams",
          "<strong>Rovers TV</strong>: adds full match replays, extended inside training, live managers' press conferences and live streams of selected women's and Academy matches",
          "<strong>Rovers TV+</strong>: adds live audio commentary of every men's match",
        ]),
        p(`Compare packages on the ${a("/videos/subscriptions", "subscriptions page")}.`),
      )],
      ["Which devices can I watch on?", join(p("Rovers TV works in current versions of Chrome, Edge, Firefox and Safari on a computer, and in the Rovers app on phones and tablets. Live streams are not supported in phone or tablet web browsers: please use the app."))],
    ],
  },
  {
    title: "Subscriptions and payments",
    scope: "videos",
    questions: [
      ["How much does it cost?", join(ul(["Rovers TV+: £44.99 a year or £5.99 a month", "Rovers TV: £14.99 a year or £1.99 a month", "Single match passes are available for selected games"]))],
      ["Can I get my first month free?", join(p("Yes: new monthly subscribers can use the promo code <strong>FIRSTMONTH</strong> at checkout for their first month free."))],
      ["How do I cancel?", join(p("Log in, open your account and choose View Subscriptions to manage or cancel your subscription. Cancellations need three working days' notice before your next payment date."))],
      ["Can I get a refund?", join(
        p("Refunds are only considered for faults reported during the game. Please contact us while the match is being played so that we can investigate."),
        p("No refunds are given for problems caused by using a VPN, or by watching in a phone or tablet web browser instead of the Rovers app."),
      )],
      ["I have a voucher code. How do I use it?", join(p(`Choose Redeem a voucher code on the ${a("/videos/subscriptions", "subscriptions page")} and enter your code.`))],
    ],
  },
  {
    title: "Watching live",
    scope: "videos",
    questions: [
      ["When can I watch live?", join(p(`Live audio commentary starts shortly before kick-off of every men's match. Live streams of selected Rovers Women and Academy games are listed on the ${a("/live", "live page")}.`))],
      ["Why does the player say 'media not found'?", join(p("The live player is only live during a match. Outside match times you will see 'media not found': come back shortly before kick-off."))],
      ["How many devices can I watch on at once?", join(p("Your subscription can be used on a limited number of devices at the same time. If you reach the limit, log out of Rovers TV on your other devices and try again."))],
      ["Why can't I watch in my country?", join(p("Some live matches cannot be shown in every country because of broadcasting rights. Users in those countries are not allowed to play the stream."))],
    ],
  },
  {
    title: "Troubleshooting",
    scope: "videos",
    questions: [
      ["What connection do I need?", join(ul(["SD: at least 1.2 Mbps, with latency up to 100 ms", "HD: at least 4 Mbps, with latency up to 50 ms", "General minimum: 2 Mbps"]))],
      ["The stream keeps buffering", join(p("Close other apps and tabs that use the connection, move closer to your router or use a wired connection, and turn off any VPN or proxy. Then refresh the page."))],
      ["I'm using a VPN", join(p("Rovers TV does not work through a VPN or proxy. Please turn it off and refresh the page. No refunds are given for VPN access."))],
      ["How do I contact support?", join(p(`Email rovers.tv@northbridgerovers.example with your Rovers Account email, your device and browser, and what went wrong. Faults during a live match must be reported during the game. See also ${a("/rovers-tv-support/troubleshooting", "troubleshooting")}.`))],
    ],
  },
  {
    title: "Troubleshooting",
    scope: "streamer",
    questions: [
      ["I've paid but can't watch", join(p("Log out and back in to refresh your subscription. It can take a minute for a new purchase to reach your account."))],
      ["'Media not found'", join(p("The live player is only live during a match. Come back shortly before kick-off."))],
      ["Can I watch on my phone?", join(p("Use the Rovers app: live streams are not supported in phone or tablet web browsers, and no refunds are given for browser access on those devices."))],
      ["Does it work with a VPN?", join(p("No. Turn off any VPN or proxy; no refunds are given for VPN access."))],
      ["What speed do I need?", join(p("At least 2 Mbps; 4 Mbps with latency up to 50 ms for HD."))],
      ["Can I get a refund?", join(p("Refunds are only considered for faults reported during the game."))],
    ],
  },
];

export function buildFaqs() {
  const groups = [];
  const questions = [];
  GROUPS.forEach((group, g) => {
    groups.push({ id: g + 1, title: group.title, scope: group.scope, position: g + 1 });
    group.questions.forEach(([heading, body]) => questions.push({ id: questions.length + 1, group_id: g + 1, heading, body_html: body, position: questions.filter((q) => q.group_id === g + 1).length + 1 }));
  });
  return { groups, questions };
}
