import type { Video } from "../../schemas/videos";
import ClubTime from "../ClubTime";
import { formatDuration } from "../format";

/** A featured video's date and length, '5 Oct 2024 · 4:12' (the Rovers TV hero, the player page). */
export function VideoMeta({ video, className }: { video: Pick<Video, "createdAt" | "durationSeconds">; className: string }) {
  return (
    <p className={className}>
      <ClubTime iso={video.createdAt} format="date" />
      <span aria-hidden="true"> · </span>
      {formatDuration(video.durationSeconds)}
    </p>
  );
}
