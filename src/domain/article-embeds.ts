/**
 * A Rovers TV video in an article's text is a figure holding one link to the video's page,
 * `<figure><a href="/videos/{entryId}">Title</a></figure>` (what the editor inserts and the
 * sanitiser keeps). The worker reads the ids to load those videos with the article; the article
 * page cuts the sanitised text at each one and draws the video as a card that respects its lock.
 */
const EMBED = /<figure><a href="\/videos\/([A-Za-z0-9_-]{1,64})">[^<]*<\/a><\/figure>/g;

export type BodyPart = { kind: "html"; html: string } | { kind: "video"; entryId: string };

/** The entry ids of the videos embedded in sanitised article HTML, each once, in order. */
export function embeddedVideoIds(html: string): string[] {
  return [...new Set([...html.matchAll(EMBED)].map((m) => m[1]!))];
}

/** Sanitised article HTML cut into its text and its video embeds, in order (empty text parts left out). */
export function splitBody(html: string): BodyPart[] {
  const parts: BodyPart[] = [];
  let at = 0;
  for (const match of html.matchAll(EMBED)) {
    if (match.index > at) parts.push({ kind: "html", html: html.slice(at, match.index) });
    parts.push({ kind: "video", entryId: match[1]! });
    at = match.index + match[0].length;
  }
  if (at < html.length) parts.push({ kind: "html", html: html.slice(at) });
  return parts.filter((p) => p.kind === "video" || p.html.trim() !== "");
}

/** The markup the editor stores for a video: its title escaped as text. */
export function videoEmbedHtml(entryId: string, title: string): string {
  const text = title.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
  return `<figure><a href="/videos/${encodeURIComponent(entryId)}">${text}</a></figure>`;
}
