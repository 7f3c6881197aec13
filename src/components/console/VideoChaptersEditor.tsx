import type { VideoForm } from "../../schemas/console-videos";
import { FieldError, invalid } from "./VideoField";

type Chapters = VideoForm["chapters"];

/**
 * The publish form's chapters: rows of a start time and a title, added and removed here; the
 * worker's problem with a row (`chapters.{i}`) shows beside it (src/domain/video-chapters.ts).
 */
export function VideoChaptersEditor({ chapters, errors, onChange }: { chapters: Chapters; errors: Record<string, string>; onChange: (next: Chapters) => void }) {
  const chapterError = (i: number) => errors[`chapters.${i}`];
  const change = (i: number, patch: Partial<Chapters[number]>) => onChange(chapters.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  return (
    <fieldset className="video-form__chapters">
      <legend className="cfield__label">Chapters (optional)</legend>
      {chapters.map((ch, i) => (
        <div className="video-form__chapter" key={i}>
          <div className="cfield">
            <label htmlFor={`video-chapter-${i}-time`} className="cfield__label">Start (mm:ss)</label>
            <input id={`video-chapter-${i}-time`} className="cfield__control" inputMode="numeric" value={ch.time} onChange={(e) => change(i, { time: e.currentTarget.value })} {...invalid(`video-chapter-${i}-error`, chapterError(i))} />
          </div>
          <div className="cfield">
            <label htmlFor={`video-chapter-${i}-title`} className="cfield__label">Chapter title</label>
            <input id={`video-chapter-${i}-title`} className="cfield__control" value={ch.title} maxLength={120} onChange={(e) => change(i, { title: e.currentTarget.value })} {...invalid(`video-chapter-${i}-error`, chapterError(i))} />
          </div>
          <button type="button" className="console__button" aria-label={`Remove chapter ${i + 1}`} onClick={() => onChange(chapters.filter((_, j) => j !== i))}>
            Remove
          </button>
          <FieldError id={`video-chapter-${i}-error`} text={chapterError(i)} />
        </div>
      ))}
      <button type="button" className="console__button" onClick={() => onChange([...chapters, { time: "", title: "" }])}>
        Add a chapter
      </button>
    </fieldset>
  );
}
