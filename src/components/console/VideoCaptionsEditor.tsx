import { useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import type { ConsoleVideoDetail } from "../../schemas/console-videos";
import { consoleWrite, refusalOf } from "./console-write";
import { VideoField } from "./VideoField";
import { ConsoleStatus, type ConsoleMessage } from "./ConsoleStatus";


/**
 * A video's captions on its console page: the languages it has (each removable) and a form that
 * uploads a WebVTT file for a language, replacing that language's file
 * (PUT /api/console/videos/catalogue/{entryId}/captions/{language}).
 */
export function VideoCaptionsEditor({ detail }: { detail: ConsoleVideoDetail }) {
  const { revalidate } = useRevalidator();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<ConsoleMessage>(null);
  const [busy, setBusy] = useState(false);
  const entryId = detail.row.entryId;

  async function upload(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const file = data.get("captions");
    const language = String(data.get("language") ?? "").trim();
    const label = String(data.get("label") ?? "").trim();
    if (!(file instanceof File) || file.size === 0) return setErrors({ captions: "Choose a WebVTT file (.vtt)" });
    setBusy(true);
    const target = e.currentTarget;
    let response: Response | null = null;
    try {
      response = await fetch(`/api/console/videos/catalogue/${entryId}/captions/${encodeURIComponent(language)}?${new URLSearchParams({ label })}`, {
        method: "PUT",
        credentials: "same-origin",
        headers: { "content-type": "text/vtt", accept: "application/json" },
        body: file,
      });
    } catch {
      response = null;
    }
    setBusy(false);
    if (!response) return setMessage({ kind: "error", text: "The console could not reach the site. Check the connection and try again." });
    if (!response.ok) {
      const refusal = await refusalOf(response.status, await response.json().catch(() => null));
      setErrors(refusal.fields);
      return setMessage({ kind: "error", text: refusal.detail });
    }
    setErrors({});
    target.reset();
    setMessage({ kind: "done", text: `Captions added: ${label}.` });
    await revalidate();
  }

  async function remove(language: string, label: string) {
    const result = await consoleWrite("DELETE", `/videos/catalogue/${entryId}/captions/${encodeURIComponent(language)}`);
    setMessage(result.ok ? { kind: "done", text: `Removed the ${label} captions.` } : { kind: "error", text: result.detail });
    await revalidate();
  }

  return (
    <>
      <ConsoleStatus message={message} />
      {detail.captions.length === 0 ? (
        <p className="console__empty">No captions yet.</p>
      ) : (
        <ul className="video-captions" aria-label="Captions">
          {detail.captions.map((c) => (
            <li key={c.language}>
              <span>
                {c.label} ({c.language}, {Math.max(1, Math.round(c.bytes / 1024))} KB)
              </span>
              <button type="button" className="console__button" aria-label={`Remove the ${c.label} captions`} onClick={() => void remove(c.language, c.label)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="video-captions__form" onSubmit={(e) => void upload(e)} noValidate aria-label="Add captions">
        <VideoField id="captions-file" label="WebVTT file (.vtt, up to 512 KB)" error={errors.captions}>
          {(aria) => <input id="captions-file" name="captions" type="file" accept=".vtt,text/vtt" className="cfield__control" {...aria} />}
        </VideoField>
        <div className="video-form__row">
          <VideoField id="captions-language" label="Language code" error={errors.language}>
            {(aria) => <input id="captions-language" name="language" className="cfield__control" placeholder="en" maxLength={12} {...aria} />}
          </VideoField>
          <VideoField id="captions-label" label="Label in the player" error={errors.label}>
            {(aria) => <input id="captions-label" name="label" className="cfield__control" placeholder="English" maxLength={60} {...aria} />}
          </VideoField>
        </div>
        <button type="submit" className="console__button" disabled={busy}>
          {busy ? "Uploading…" : "Add captions"}
        </button>
      </form>
    </>
  );
}
