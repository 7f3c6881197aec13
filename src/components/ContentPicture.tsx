import { mediaRefId } from "../domain/media-ref";
import { MediaPicture, type MediaPhoto } from "./MediaPicture";
import { Picture } from "./Picture";

export interface ContentPictureProps {
  /** the content's image field: a generated artwork key or `media:{id}` */
  imageKey: string;
  /** the library photo the worker resolved `imageKey` to, if it names one that exists */
  photo: MediaPhoto | null | undefined;
  w: number;
  h: number;
  /** null: the photo's own alt text from the library; "" for a picture beside its own title */
  alt: string | null;
  sizes?: string;
  className?: string;
  loading?: "lazy" | "eager";
  fetchPriority?: "high" | "low" | "auto";
}

/** A picture the club chose for content: a media library photo (responsive, cut around its focal point), or the demo content's generated art. */
export function ContentPicture({ imageKey, photo, w, h, alt, sizes, className, loading, fetchPriority }: ContentPictureProps) {
  if (photo) {
    return (
      <MediaPicture
        photo={{ ...photo, alt: alt ?? photo.alt }}
        w={w}
        h={h}
        {...(sizes ? { sizes } : {})}
        {...(className ? { className } : {})}
        {...(loading ? { loading } : {})}
        {...(fetchPriority ? { fetchPriority } : {})}
      />
    );
  }
  // A deleted library photo leaves a neutral picture rather than a broken image.
  const key = mediaRefId(imageKey) !== null ? "news/placeholder" : imageKey;
  return <Picture imageKey={key} w={w} h={h} alt={alt ?? ""} {...(className ? { className } : {})} {...(loading ? { loading } : {})} {...(fetchPriority ? { fetchPriority } : {})} />;
}
