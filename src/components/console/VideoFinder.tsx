import { useState, type SyntheticEvent } from "react";
import type { Video } from "../../schemas/videos";

type Found = { state: "idle" } | { state: "loading" } | { state: "failed"; detail: string } | { state: "ready"; items: Video[]; total: number };

/**
 * Finds a Rovers TV video by words of its title (the catalogue's own search, GET
 * /api/videos/search) for the editor to embed; each result is one button. Released videos only,
 * newest first, as supporters find them.
 */
export function VideoFinder({ onPick, onCancel }: { onPick: (video: Video) => void; onCancel: () => void }) {
  const [title, setTitle] = useState("");
  const [found, setFound] = useState<Found>({ state: "idle" });

  const search = async (event: SyntheticEvent) => {
    event.preventDefault();
    const words = title.trim();
    if (words === "") return;
    setFound({ state: "loading" });
    try {
      const response = await fetch(`/api/videos/search?${new URLSearchParams({ title: words, pageSize: "8" }).toString()}`, { headers: { accept: "application/json" } });
      if (!response.ok) return setFound({ state: "failed", detail: `The catalogue could not be searched (${response.status}).` });
      const answer = (await response.json()) as { items: Video[]; total: number };
      setFound({ state: "ready", items: answer.items, total: answer.total });
    } catch {
      setFound({ state: "failed", detail: "The console could not reach the site. Check the connection and try again." });
    }
  };

  return (
    <div className="rte__insert rte__finder" role="group" aria-label="Insert a Rovers TV video">
      {/* Inside the article's form: a group, not a form (the browser would submit a nested form itself). */}
      <div className="rte__finder-row" role="search">
        <label>
          Find a video by its title
          <input
            type="search"
            value={title}
            maxLength={200}
            onChange={(e) => setTitle(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") void search(e);
            }}
            autoFocus
            className="cfield__control"
          />
        </label>
        <button type="button" className="console-accounts__button" onClick={(e) => void search(e)}>
          Find
        </button>
        <button type="button" className="console-accounts__button console-accounts__button--plain" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <p role="status" className="rte__finder-status">
        {found.state === "loading"
          ? "Searching…"
          : found.state === "failed"
            ? found.detail
            : found.state === "ready"
              ? found.total === 0
                ? `No video's title has “${title.trim()}”.`
                : `${found.total} ${found.total === 1 ? "video" : "videos"}${found.total > found.items.length ? `, the newest ${found.items.length} shown` : ""}: choose one to insert it.`
              : ""}
      </p>
      {found.state === "ready" && found.items.length > 0 ? (
        <ul className="rte__finder-list" aria-label="Videos found">
          {found.items.map((video) => (
            <li key={video.entryId}>
              <button type="button" className="rte__button" data-video={video.entryId} onClick={() => onPick(video)}>
                {video.title} <span className="rte__finder-date">({video.createdAt.slice(0, 10)})</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
