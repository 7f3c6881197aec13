import { useEffect, useRef, useState, type DragEvent, type FormEvent } from "react";
import { FocalPoint, type Focal } from "./FocalPoint";
import { uploadToLibrary } from "./media-upload";
import { MEDIA_MAX_BYTES } from "../../domain/media-image";
import type { MediaItem } from "../../schemas/media";

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif";
const MAX_MB = MEDIA_MAX_BYTES / 1024 / 1024;

/**
 * The media library's upload: a photo chosen or dropped, previewed with its focal point, its alt
 * text (required), then sent with a progress bar. The library page and the media picker dialog
 * both use it; `idPrefix` keeps their ids apart.
 */
export function MediaUploadForm({ idPrefix, onUploaded }: { idPrefix: string; onUploaded: (item: MediaItem) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [focal, setFocal] = useState<Focal>({ x: 0.5, y: 0.5 });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [over, setOver] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  function choose(chosen: File | null | undefined) {
    setErrors((e) => ({ ...e, file: "" }));
    if (!chosen) return;
    // Told at once rather than after sending 20 MB; the worker checks again (and the type from the bytes).
    if (chosen.size > MEDIA_MAX_BYTES) setErrors((e) => ({ ...e, file: `The photo is larger than ${MAX_MB} MB: export it smaller and try again` }));
    setFile(chosen);
    setFocal({ x: 0.5, y: 0.5 });
    setPreview(URL.createObjectURL(chosen));
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    choose(event.dataTransfer.files[0]);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    data.delete("file");
    if (file) data.set("file", file, file.name);
    data.set("focalX", String(focal.x));
    data.set("focalY", String(focal.y));
    setProblem(null);
    setProgress(0);
    const result = await uploadToLibrary(data, setProgress);
    setProgress(null);
    if (result.ok) {
      setErrors({});
      setFile(null);
      setPreview(null);
      form.reset();
      return onUploaded(result.item);
    }
    setErrors(result.fields);
    setProblem(result.detail);
    const first = ["file", "alt", "focalX", "focalY"].find((f) => result.fields[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(first === "file" ? `#${idPrefix}-file` : first === "alt" ? `#${idPrefix}-alt` : `#${idPrefix}-focal`)?.focus();
  }

  const described = (name: string) => (errors[name] ? { "aria-invalid": true as const, "aria-describedby": `${idPrefix}-${name}-error` } : {});
  const focalError = errors.focalX || errors.focalY;
  return (
    <form ref={formRef} className="content-form media-upload" aria-labelledby={`${idPrefix}-upload-title`} onSubmit={(e) => void submit(e)} noValidate>
      <h3 id={`${idPrefix}-upload-title`} className="content-form__title">
        Upload a photo
      </h3>
      {problem ? (
        <p className="content-form__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div
        className={`media-drop${over ? " media-drop--over" : ""}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        data-drop
      >
        <label htmlFor={`${idPrefix}-file`} className="cfield__label">
          Photo <span className="cfield__required">(JPEG, PNG, WebP or AVIF, up to {MAX_MB} MB)</span>
        </label>
        <input id={`${idPrefix}-file`} name="file" type="file" accept={ACCEPT} className="media-drop__input" onChange={(e) => choose(e.currentTarget.files?.[0])} {...described("file")} />
        <p className="media-drop__hint">or drop a photo here</p>
        {errors.file ? (
          <p id={`${idPrefix}-file-error`} className="cfield__error">
            {errors.file}
          </p>
        ) : null}
      </div>
      {preview ? (
        <div className="cfield">
          <FocalPoint id={`${idPrefix}-focal`} src={preview} focal={focal} onChange={setFocal} describedBy={focalError ? `${idPrefix}-focal-error` : undefined} />
          {focalError ? (
            <p id={`${idPrefix}-focal-error`} className="cfield__error">
              {focalError}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="cfield">
        <label htmlFor={`${idPrefix}-alt`} className="cfield__label">
          Alt text <span className="cfield__required">(required: what the photo shows, for people who cannot see it)</span>
        </label>
        <input id={`${idPrefix}-alt`} name="alt" type="text" maxLength={300} className="cfield__control" required {...described("alt")} />
        {errors.alt ? (
          <p id={`${idPrefix}-alt-error`} className="cfield__error">
            {errors.alt}
          </p>
        ) : null}
      </div>
      {progress !== null ? (
        <div className="media-progress">
          <label htmlFor={`${idPrefix}-progress`}>Uploading {Math.round(progress * 100)}%</label>
          <progress id={`${idPrefix}-progress`} max={1} value={progress} />
        </div>
      ) : null}
      <div className="content-form__actions">
        <button type="submit" className="console__button console__button--primary" disabled={progress !== null}>
          {progress !== null ? "Uploading…" : "Upload photo"}
        </button>
      </div>
    </form>
  );
}
