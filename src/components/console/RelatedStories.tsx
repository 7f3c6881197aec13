import { useEffect, useState, type FormEvent } from "react";

type Story = { id: number; title: string; publishedAt: string };
type Props = { id: string; label: string; ids: number[]; max: number; onChange: (ids: number[]) => void; error?: string | undefined; disabled?: boolean };

const storiesAt = async (params: URLSearchParams): Promise<Story[] | null> => {
  try {
    const response = await fetch(`/api/console/news/stories?${params.toString()}`, { credentials: "same-origin", headers: { accept: "application/json" } });
    if (!response.ok) return null;
    return ((await response.json()) as { data: { attributes: { stories: Story[] } } }).data.attributes.stories;
  } catch {
    return null;
  }
};

/**
 * Related stories chosen by searching published titles: the chosen ones are chips, each with its
 * own remove button (named after the story), up to `max`. A story number never has to be typed.
 */
export function RelatedStories({ id, label, ids, max, onChange, error, disabled = false }: Props) {
  const [titles, setTitles] = useState<Map<number, string>>(new Map());
  const [q, setQ] = useState("");
  const [found, setFound] = useState<Story[] | null>(null);
  const [status, setStatus] = useState("");

  // Titles of the stories already chosen (a saved article's), read once by their numbers.
  useEffect(() => {
    const missing = ids.filter((n) => !titles.has(n));
    if (missing.length === 0) return;
    let live = true;
    void storiesAt(new URLSearchParams({ ids: missing.join(",") })).then((stories) => {
      if (!live || !stories) return;
      setTitles((t) => new Map([...t, ...stories.map((s) => [s.id, s.title] as const)]));
    });
    return () => {
      live = false;
    };
  }, [ids, titles]);

  const search = async (event: FormEvent) => {
    event.preventDefault();
    if (q.trim() === "") return;
    setStatus("Searching…");
    const stories = await storiesAt(new URLSearchParams({ q: q.trim() }));
    setFound(stories);
    setStatus(stories === null ? "The stories could not be searched. Try again." : stories.length === 0 ? `No published story's title has “${q.trim()}”.` : `${stories.length} found: choose one to add it.`);
  };
  const add = (story: Story) => {
    setTitles((t) => new Map(t).set(story.id, story.title));
    if (!ids.includes(story.id)) onChange([...ids, story.id]);
    setStatus(`Added “${story.title}”.`);
  };
  const remove = (story: number) => {
    onChange(ids.filter((n) => n !== story));
    setStatus(`Removed “${titles.get(story) ?? `story ${story}`}”.`);
  };

  const full = ids.length >= max;
  return (
    <fieldset className="cfield related-field" disabled={disabled} {...(error ? { "aria-describedby": `${id}-error`, "aria-invalid": true } : {})}>
      <legend className="cfield__label">
        {label} (up to {max})
      </legend>
      {ids.length > 0 ? (
        <ul className="related-field__chips" aria-label="Chosen related stories">
          {ids.map((story) => (
            <li key={story} className="related-field__chip">
              <span>{titles.get(story) ?? `Story ${story}`}</span>
              <button type="button" aria-label={`Remove ${titles.get(story) ?? `story ${story}`}`} onClick={() => remove(story)}>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="cfield__hint">None chosen: the site shows stories of the same category.</p>
      )}
      <div className="console-accounts__search-row" role="search">
        <label htmlFor={`${id}-q`} className="visually-hidden">
          Find a published story by its title
        </label>
        <input
          id={`${id}-q`}
          type="search"
          placeholder="Find a published story by its title"
          value={q}
          maxLength={200}
          disabled={full}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") void search(e);
          }}
        />
        <button type="button" className="console-accounts__button" disabled={full} onClick={(e) => void search(e)}>
          Find
        </button>
      </div>
      <p role="status" className="cfield__hint">
        {full ? `${max} chosen: remove one to add another.` : status}
      </p>
      {found && found.length > 0 && !full ? (
        <ul className="related-field__results" aria-label="Stories found">
          {found.map((story) => (
            <li key={story.id}>
              <button type="button" className="rte__button" disabled={ids.includes(story.id)} onClick={() => add(story)}>
                {story.title} ({story.publishedAt.slice(0, 10)})
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="cfield__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
