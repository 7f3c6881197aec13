/** Building blocks of article bodies: paragraphs, quotes and lists written like a club's media team would. */
import { html } from "./sql.mjs";

export const p = (text) => `<p>${text}</p>`;
export const h2 = (text) => `<h2>${html(text)}</h2>`;
export const ul = (items) => `<ul>\n${items.map((i) => `  <li>${i}</li>`).join("\n")}\n</ul>`;
export const a = (href, text, external = false) =>
  external ? `<a href="${html(href)}" target="_blank" rel="noopener">${html(text)}</a>` : `<a href="${html(href)}">${html(text)}</a>`;
export const quote = (text, who) => `<blockquote>\n  <p>“${text}”</p>\n  <p>— ${html(who)}</p>\n</blockquote>`;
export const join = (...blocks) => blocks.filter(Boolean).join("\n");

export const WIN_QUOTES = [
  "I thought we were excellent from the first whistle. The players stuck to the plan, moved the ball quickly and, when the chances came, we were ruthless.",
  "That's a really pleasing performance. We spoke in the week about starting on the front foot and the group delivered that.",
  "The supporters were brilliant today and the players fed off that energy. We'll enjoy this tonight and then focus on the next one.",
  "It wasn't always pretty, but you need to win games like this over a long season. The character in the dressing room is fantastic.",
  "We controlled large parts of the game and the goals were fully deserved. I'm especially pleased with the clean sheet mentality.",
];
export const DRAW_QUOTES = [
  "A point is a fair reflection, I think. We had spells on top but didn't quite find the final pass when it mattered.",
  "There are positives to take. We showed good resilience after the break, but we know there's another level in this group.",
  "I'm disappointed we didn't take all three points, but credit to the opposition, they made it difficult for us.",
];
export const LOSS_QUOTES = [
  "We're hurting in there. We didn't do the basics well enough today and we've been punished for it.",
  "That's not the standard we set ourselves. We'll look at it honestly on Monday and put it right.",
  "Football can be cruel. I thought we deserved something from the game but we have to be more clinical.",
];

export const FIRST_HALF = [
  (us, them) => `${us} started brightly, pressing high and forcing ${them} into a series of early mistakes.`,
  (us, them) => `It was a cagey opening, with both sides struggling to find their rhythm on a heavy pitch.`,
  (us, them) => `${them} had the better of the first quarter of an hour, but ${us} gradually grew into the contest.`,
  (us) => `The visitors were forced to defend deep from the outset as ${us} dominated possession.`,
  (us, them) => `${them} threatened first, a low drive from the edge of the area flashing just wide of the post.`,
];

export const SECOND_HALF = [
  (us) => `After the break ${us} kept their shape well and looked dangerous on the counter-attack.`,
  (us, them) => `${them} threw bodies forward in the closing stages, but ${us} stood firm and saw the game out.`,
  (us) => `The introduction of fresh legs on the hour changed the momentum, and ${us} finished the stronger side.`,
  (us, them) => `The second half was a more open affair, with chances at both ends before ${them} tired.`,
];

export const ticketPrices = (category) =>
  category === "cup"
    ? ["Adults: £20", "Over-65s and students: £12", "Under-18s: £5", "Under-12s: £2 (with a paying adult)"]
    : ["Adults: from £28", "Over-65s and students: from £19", "Under-18s: from £12", "Under-12s: £6 (with a paying adult)", "Disabled supporters: concession price, with a free companion ticket where required"];
