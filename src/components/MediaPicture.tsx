import { fallbackWidth, mediaHeight, mediaImageUrl, mediaSrcset, nearestRatio } from "../domain/media-image";

/** What a page needs of a library photo to show it (src/schemas/media.ts's MediaItem has it all). */
export interface MediaPhoto {
  id: number;
  version: number;
  width: number;
  alt: string;
}

export interface MediaPictureProps {
  photo: MediaPhoto;
  /** the box the picture fills, in CSS pixels: its shape picks the served shape, its size the fallback */
  w: number;
  h: number;
  /** how wide the picture shows at each viewport, for the browser to pick from the srcset */
  sizes?: string;
  className?: string;
  loading?: "lazy" | "eager";
  fetchPriority?: "high" | "low" | "auto";
}

/**
 * A media library photo: WebP at every served width (`srcset` with `sizes`, so a phone downloads a
 * phone's photo), JPEG for a browser without WebP; width and height set so nothing moves when it
 * loads. The crop is the library's, around the photo's focal point. Seed content keeps its
 * generated art (Picture).
 */
export function MediaPicture({ photo, w, h, sizes = `(max-width: ${w}px) 100vw, ${w}px`, className, loading = "lazy", fetchPriority }: MediaPictureProps) {
  const ratio = nearestRatio(w, h);
  const fallback = fallbackWidth(w, photo.width);
  return (
    <picture>
      <source type="image/webp" srcSet={mediaSrcset(photo, ratio, "webp")} sizes={sizes} />
      <img
        className={className}
        src={mediaImageUrl(photo.id, photo.version, fallback, mediaHeight(fallback, ratio), "jpeg")}
        srcSet={mediaSrcset(photo, ratio, "jpeg")}
        sizes={sizes}
        width={w}
        height={Math.round((w * ratio[1]) / ratio[0])}
        alt={photo.alt}
        loading={loading}
        decoding="async"
        fetchPriority={fetchPriority}
        style={{ objectFit: "cover" }}
      />
    </picture>
  );
}

export default MediaPicture;
