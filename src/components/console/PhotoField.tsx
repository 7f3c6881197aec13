import { useEffect, useState } from "react";
import { MediaPicker } from "./MediaPicker";
import { MediaPicture } from "../MediaPicture";
import { imageUrl } from "../Picture";
import { mediaRef, mediaRefId } from "../../domain/media-ref";
import type { MediaItem, MediaItemAnswer } from "../../schemas/media";

type Props = {
  /** the field's id: its label, error and buttons hang on it */
  id: string;
  label: string;
  /** `media:{id}`, a generated artwork key (demo content), or "" */
  value: string;
  onChange: (value: string) => void;
  /** what an empty field shows on the site ("a picture made for the article") */
  emptyText: string;
  error?: string | undefined;
  disabled?: boolean;
};

type Shown = { state: "none" } | { state: "loading" } | { state: "photo"; item: MediaItem } | { state: "missing" } | { state: "generated"; key: string };

/**
 * An image field filled from the media library: a preview of the chosen photo with its alt text,
 * "Choose a photo" (the picker dialog, where a new photo can be uploaded too) and "Remove". The
 * value stored is `media:{id}` (src/domain/media-ref.ts); a generated key of the demo content is
 * shown and kept until someone chooses a photo.
 */
export function PhotoField({ id, label, value, onChange, emptyText, error, disabled = false }: Props) {
  const [open, setOpen] = useState(false);
  const [known, setKnown] = useState<MediaItem | null>(null);
  const [shown, setShown] = useState<Shown>({ state: "none" });
  const photoId = mediaRefId(value);

  useEffect(() => {
    if (value === "") return setShown({ state: "none" });
    if (photoId === null) return setShown({ state: "generated", key: value });
    if (known?.id === photoId) return setShown({ state: "photo", item: known });
    let live = true;
    setShown({ state: "loading" });
    fetch(`/api/console/media/${photoId}`, { credentials: "same-origin", headers: { accept: "application/json" } })
      .then(async (response) => {
        if (!live) return;
        if (!response.ok) return setShown({ state: "missing" });
        const item = ((await response.json()) as MediaItemAnswer).data.attributes;
        if (live) {
          setKnown(item);
          setShown({ state: "photo", item });
        }
      })
      .catch(() => live && setShown({ state: "missing" }));
    return () => {
      live = false;
    };
  }, [value, photoId, known]);

  const pick = (item: MediaItem) => {
    setKnown(item);
    onChange(mediaRef(item.id));
  };
  const errorId = `${id}-error`;
  return (
    <div className="cfield photo-field" data-field={id} role="group" aria-labelledby={`${id}-label`} {...(error ? { "aria-describedby": errorId } : {})}>
      <p className="cfield__label" id={`${id}-label`}>
        {label}
      </p>
      <div className="photo-field__preview" data-photo={photoId ?? ""}>
        {shown.state === "photo" ? (
          <>
            <MediaPicture photo={shown.item} w={320} h={180} sizes="320px" />
            <span className="cfield__hint">Chosen: {shown.item.alt}</span>
          </>
        ) : shown.state === "generated" ? (
          <>
            <img src={imageUrl(shown.key, 320, 180)} width={320} height={180} alt="" />
            <span className="cfield__hint">A generated picture ({shown.key})</span>
          </>
        ) : (
          <span className="cfield__hint">
            {shown.state === "loading" ? "Loading the photo…" : shown.state === "missing" ? "The chosen photo is no longer in the library: choose another." : `No photo chosen: ${emptyText}.`}
          </span>
        )}
      </div>
      <div className="photo-field__actions">
        <button type="button" id={id} className="console-accounts__button" disabled={disabled} onClick={() => setOpen(true)}>
          {value === "" ? "Choose a photo" : "Choose another photo"}
        </button>
        {value !== "" ? (
          <button type="button" className="console-accounts__button console-accounts__button--plain" disabled={disabled} onClick={() => onChange("")}>
            Remove
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="cfield__error">
          {error}
        </p>
      ) : null}
      <MediaPicker id={`${id}-picker`} title={`Choose a photo: ${label}`} open={open} onPick={pick} onClose={() => setOpen(false)} />
    </div>
  );
}
