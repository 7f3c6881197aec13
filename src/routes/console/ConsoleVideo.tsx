import "./console.css";
import "./console-content.css";
import "./console-accounts.css";
import "./console-media.css";
import "./console-videos.css";
import { useCallback, useState, type FormEvent } from "react";
import { Link, useLoaderData, useNavigate, useRevalidator } from "react-router";
import type { videoLoader } from "./console.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { consoleWrite, refusalOf } from "../../components/console/console-write";
import { VideoUploader } from "../../components/console/VideoUploader";
import { VideoJobStatus } from "../../components/console/VideoJobStatus";
import { VideoCaptionsEditor } from "../../components/console/VideoCaptionsEditor";
import { VideoChaptersEditor } from "../../components/console/VideoChaptersEditor";
import { FieldError, VideoField } from "../../components/console/VideoField";
import { PhotoField } from "../../components/console/PhotoField";
import { STATUS_LABELS, costText, lengthText, minutesText, sizeText } from "../../components/console/video-figures";
import type { ConsoleVideoDetail, ConsoleVideoOptions, VideoForm } from "../../schemas/console-videos";
import { ConsoleStatus, type ConsoleMessage } from "../../components/console/ConsoleStatus";


const EMPTY_FORM: VideoForm = { title: "", description: "", categoryId: 0, teamId: null, featured: false, imageKey: "", tier: { kind: "signed-in" }, publishAt: "", expiresAt: "", chapters: [] };

/**
 * A Rovers TV video in the console. New (/admin/videos/new): upload the file, then fill in the form
 * while it is transcoded; Save draft creates the catalogue video. Existing: where it stands (its
 * job, media, plays, minutes and cost), the publish form (Save, Publish, Unpublish after a
 * confirmation) and its captions.
 */
export default function ConsoleVideo() {
  const { detail, options, access, transcoderRunning } = useLoaderData<typeof videoLoader>();
  const [sourceId, setSourceId] = useState<string | null>(detail?.sourceId ?? null);
  const [fileName, setFileName] = useState("");
  const title = detail ? detail.row.title : "Upload a video";
  return (
    <ConsoleFrame access={access} title={title}>
      <section className="console__section" aria-labelledby="video-heading">
        <p>
          <Link to="/admin/videos">All videos</Link>
        </p>
        <h2 id="video-heading" className="console__heading">
          {title}
        </h2>
        {detail ? (
          <VideoFacts detail={detail} />
        ) : sourceId ? (
          <p>Uploaded {fileName}. Fill in the details below while it is processed.</p>
        ) : (
          <VideoUploader
            onUploaded={(id, name) => {
              setSourceId(id);
              setFileName(name);
            }}
          />
        )}
        {sourceId ? <VideoJobStatus sourceId={sourceId} initial={detail?.job ?? null} initialRunning={detail?.transcoderRunning ?? transcoderRunning} /> : null}
      </section>
      {detail || sourceId ? (
        <section className="console__section" aria-labelledby="video-form-heading">
          <h2 id="video-form-heading" className="console__heading">
            Details and publishing
          </h2>
          <PublishForm detail={detail} options={options} sourceId={sourceId} />
        </section>
      ) : null}
      {detail ? (
        <section className="console__section" aria-labelledby="video-captions-heading">
          <h2 id="video-captions-heading" className="console__heading">
            Captions
          </h2>
          <VideoCaptionsEditor detail={detail} />
        </section>
      ) : null}
    </ConsoleFrame>
  );
}

function VideoFacts({ detail }: { detail: ConsoleVideoDetail }) {
  const { row, media } = detail;
  return (
    <dl className="video-facts">
      <div>
        <dt>Status</dt>
        <dd data-status={row.status}>{STATUS_LABELS[row.status]}</dd>
      </div>
      <div>
        <dt>Length</dt>
        <dd>{lengthText(row.durationSeconds)}</dd>
      </div>
      <div>
        <dt>Renditions</dt>
        <dd>{media ? `${media.renditions.join(", ")} (${media.width} × ${media.height})` : "—"}</dd>
      </div>
      <div>
        <dt>Size</dt>
        <dd>{sizeText(row.bytes)}</dd>
      </div>
      <div>
        <dt>Plays</dt>
        <dd>{row.plays}</dd>
      </div>
      <div>
        <dt>Watched</dt>
        <dd>{minutesText(row.secondsWatched)}</dd>
      </div>
      <div>
        <dt>Cost (estimate)</dt>
        <dd>{costText(row)}</dd>
      </div>
    </dl>
  );
}

function PublishForm({ detail, options, sourceId }: { detail: ConsoleVideoDetail | null; options: ConsoleVideoOptions; sourceId: string | null }) {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [form, setForm] = useState<VideoForm>(detail?.form ?? { ...EMPTY_FORM, categoryId: options.categories[0]?.id ?? 0 });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<ConsoleMessage>(null);
  const [busy, setBusy] = useState(false);
  const [confirmUnpublish, setConfirmUnpublish] = useState(false);
  const set = useCallback(<K extends keyof VideoForm>(key: K, value: VideoForm[K]) => setForm((f) => ({ ...f, [key]: value })), []);
  const published = detail?.publicationStatus === "published";

  async function save(then: "save" | "publish"): Promise<void> {
    setBusy(true);
    setMessage(null);
    let entryId = detail?.row.entryId ?? null;
    const result: { ok: true; entryId?: string } | { ok: false; detail: string; fields: Record<string, string> } = entryId
      ? await consoleWrite("PUT", `/videos/catalogue/${entryId}`, form)
      : await createDraft({ ...form, sourceId });
    if (!result.ok) {
      setBusy(false);
      setErrors(result.fields);
      setMessage({ kind: "error", text: result.detail });
      return;
    }
    setErrors({});
    if (result.entryId) entryId = result.entryId;
    if (then === "publish" && entryId) {
      const publish = await consoleWrite("POST", `/videos/catalogue/${entryId}/publish`);
      if (!publish.ok) {
        setBusy(false);
        setMessage({ kind: "error", text: publish.detail });
        if (!detail) navigate(`/admin/videos/${entryId}`);
        return;
      }
    }
    setBusy(false);
    setMessage({ kind: "done", text: then === "publish" ? "Published." : published ? "Saved." : "Saved as a draft." });
    if (!detail && entryId) navigate(`/admin/videos/${entryId}`);
    else await revalidate();
  }

  async function unpublish() {
    setBusy(true);
    const result = await consoleWrite("POST", `/videos/catalogue/${detail!.row.entryId}/unpublish`);
    setBusy(false);
    setConfirmUnpublish(false);
    setMessage(result.ok ? { kind: "done", text: "Unpublished: the video is a draft again and shown nowhere." } : { kind: "error", text: result.detail });
    await revalidate();
  }

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void save("save");
  };
  const tierKind = form.tier.kind;
  const chosenPackages = form.tier.kind === "packages" ? form.tier.packageIds : [];

  return (
    <form className="video-form" onSubmit={onSubmit} noValidate aria-label="Video details">
      <ConsoleStatus message={message} />
      <VideoField id="video-title" label="Title" error={errors.title}>
        {(aria) => <input id="video-title" className="cfield__control" value={form.title} maxLength={200} onChange={(e) => set("title", e.currentTarget.value)} {...aria} />}
      </VideoField>
      <VideoField id="video-description" label="Description" error={errors.description}>
        {(aria) => <textarea id="video-description" className="cfield__control" rows={4} value={form.description} maxLength={5000} onChange={(e) => set("description", e.currentTarget.value)} {...aria} />}
      </VideoField>
      <PhotoField id="video-imageKey" label="Card picture (optional)" value={form.imageKey ?? ""} onChange={(v) => set("imageKey", v)} emptyText="the site draws one from the video's title" error={errors.imageKey} />
      <div className="video-form__row">
        <VideoField id="video-category" label="Category" error={errors.categoryId}>
          {(aria) => (
            <select id="video-category" className="cfield__control" value={form.categoryId} onChange={(e) => set("categoryId", Number(e.currentTarget.value))} {...aria}>
              {options.categories.map((c) => (
                <option key={c.id} value={c.id}>{c.name}</option>
              ))}
            </select>
          )}
        </VideoField>
        <VideoField id="video-team" label="Team (optional)" error={errors.teamId}>
          {(aria) => (
            <select id="video-team" className="cfield__control" value={form.teamId ?? ""} onChange={(e) => set("teamId", e.currentTarget.value === "" ? null : Number(e.currentTarget.value))} {...aria}>
              <option value="">No team</option>
              {options.teams.map((t) => (
                <option key={t.id} value={t.id}>{t.name}</option>
              ))}
            </select>
          )}
        </VideoField>
      </div>
      <div className="cfield cfield--check">
        <input id="video-featured" type="checkbox" className="cfield__check" checked={form.featured} onChange={(e) => set("featured", e.currentTarget.checked)} />
        <label htmlFor="video-featured" className="cfield__label">In the featured carousel at the top of Rovers TV (its category’s rail shows it anyway)</label>
      </div>
      <fieldset className="video-form__tier" {...(errors.tier ? { "aria-describedby": "video-tier-error" } : {})}>
        <legend className="cfield__label">Who can watch</legend>
        {([["everyone", "Everyone"], ["signed-in", "Anyone signed in"], ["packages", "Subscribers to…"]] as const).map(([kind, label]) => (
          <div className="cfield cfield--check" key={kind}>
            <input
              id={`video-tier-${kind}`}
              type="radio"
              name="tier"
              className="cfield__check"
              checked={tierKind === kind}
              onChange={() => set("tier", kind === "packages" ? { kind, packageIds: chosenPackages } : { kind })}
            />
            <label htmlFor={`video-tier-${kind}`} className="cfield__label">{label}</label>
          </div>
        ))}
        {tierKind === "packages" ? (
          <div className="video-form__packages">
            {options.packages.map((p) => (
              <div className="cfield cfield--check" key={p.id}>
                <input
                  id={`video-package-${p.id}`}
                  type="checkbox"
                  className="cfield__check"
                  checked={chosenPackages.includes(p.id)}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    set("tier", { kind: "packages", packageIds: on ? [...chosenPackages, p.id] : chosenPackages.filter((x) => x !== p.id) });
                  }}
                />
                <label htmlFor={`video-package-${p.id}`} className="cfield__label">{p.title}</label>
              </div>
            ))}
          </div>
        ) : null}
        <FieldError id="video-tier-error" text={errors.tier} />
      </fieldset>
      <div className="video-form__row">
        <VideoField id="video-publish-at" label="Publish from (UK time, optional)" error={errors.publishAt}>
          {(aria) => <input id="video-publish-at" type="datetime-local" className="cfield__control" value={form.publishAt} onChange={(e) => set("publishAt", e.currentTarget.value)} {...aria} />}
        </VideoField>
        <VideoField id="video-expires-at" label="Expires (UK time, optional)" error={errors.expiresAt}>
          {(aria) => <input id="video-expires-at" type="datetime-local" className="cfield__control" value={form.expiresAt} onChange={(e) => set("expiresAt", e.currentTarget.value)} {...aria} />}
        </VideoField>
      </div>
      <VideoChaptersEditor chapters={form.chapters} errors={errors} onChange={(next) => set("chapters", next)} />
      <FieldError id="video-source-error" text={errors.sourceId} />
      {confirmUnpublish ? (
        <div className="console-accounts__confirm" role="group" aria-label="Unpublish this video?">
          <p className="console-accounts__confirm-title">Unpublish this video?</p>
          <p>It disappears from Rovers TV, search and its page at once, and viewers watching it are stopped at their next playlist request.</p>
          <div className="console-accounts__buttons">
            <button type="button" className="console-accounts__button console-accounts__button--danger" disabled={busy} onClick={() => void unpublish()}>
              Yes, unpublish
            </button>
            <button type="button" className="console-accounts__button console-accounts__button--plain" onClick={() => setConfirmUnpublish(false)}>
              Keep it published
            </button>
          </div>
        </div>
      ) : (
        <div className="console-accounts__buttons">
          <button type="submit" className="console__button" disabled={busy}>
            {published ? "Save" : "Save draft"}
          </button>
          {published ? (
            <button type="button" className="console__button" disabled={busy} onClick={() => setConfirmUnpublish(true)}>
              Unpublish
            </button>
          ) : (
            <button type="button" className="console__button console__button--primary" disabled={busy} onClick={() => void save("publish")}>
              Publish
            </button>
          )}
        </div>
      )}
    </form>
  );
}

/** POST the form as a new draft: its entry id, or the refusal. */
async function createDraft(body: VideoForm): Promise<{ ok: true; entryId: string } | { ok: false; detail: string; fields: Record<string, string> }> {
  let response: Response;
  try {
    response = await fetch("/api/console/videos/catalogue", { method: "POST", credentials: "same-origin", headers: { "content-type": "application/json", accept: "application/json" }, body: JSON.stringify(body) });
  } catch {
    return { ok: false, detail: "The console could not reach the site. Check the connection and try again.", fields: {} };
  }
  if (response.ok) return { ok: true, entryId: ((await response.json()) as { data: { attributes: { entryId: string } } }).data.attributes.entryId };
  return refusalOf(response.status, await response.json().catch(() => null));
}
