import { useEffect, useState, type RefObject } from "react";
import { chapterTimeText, currentChapterIndex, type Chapter } from "../../src/domain/video-chapters";

/**
 * The video's chapters under the player: a button each (its time and title) that seeks there and
 * plays; the chapter playing now is marked (aria-current), following the picture's time.
 */
export function ChapterList({ video, chapters }: { video: RefObject<HTMLVideoElement | null>; chapters: readonly Chapter[] }) {
  const [current, setCurrent] = useState(-1);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const sync = () => setCurrent(currentChapterIndex(chapters, element.currentTime));
    sync();
    for (const type of ["timeupdate", "seeked", "loadedmetadata"]) element.addEventListener(type, sync);
    return () => {
      for (const type of ["timeupdate", "seeked", "loadedmetadata"]) element.removeEventListener(type, sync);
    };
  }, [video, chapters]);

  if (chapters.length === 0) return null;
  const seek = (index: number) => {
    const element = video.current;
    const chapter = chapters[index];
    if (!element || !chapter) return;
    element.currentTime = chapter.startSeconds;
    setCurrent(index);
    void element.play().catch(() => undefined);
  };
  return (
    <nav className="video-chapters" aria-labelledby="video-chapters-title">
      <h3 className="video-chapters__title" id="video-chapters-title">
        Chapters
      </h3>
      <ol className="video-chapters__list">
        {chapters.map((c, i) => (
          <li key={c.startSeconds}>
            <button type="button" className="video-chapters__button" aria-current={i === current ? "true" : undefined} onClick={() => seek(i)}>
              <span className="video-chapters__time">{chapterTimeText(c.startSeconds)}</span>
              <span className="video-chapters__name">{c.title}</span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
