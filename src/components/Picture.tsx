import { mediaRefId } from "../domain/media-ref";
import { mediaKeyUrl } from "../domain/media-image";

/**
 * Image URL of a content image key: the generated art, /images/{w}x{h}/{key}.svg
 * (worker/images/image-routes.ts), or for a library photo (`media:{id}`, an advert's, promo's or
 * sponsor's image chosen in the console) the library's served size nearest the box.
 */
export function imageUrl(imageKey: string, w: number, h: number): string {
  const photo = mediaRefId(imageKey);
  return photo === null ? `/images/${w}x${h}/${imageKey}.svg` : mediaKeyUrl(photo, w, h);
}

export interface PictureProps {
  imageKey: string;
  w: number;
  h: number;
  alt: string;
  className?: string;
  /** "eager" for the hero image above the fold; everything else loads lazily */
  loading?: "lazy" | "eager";
  /** hint for the hero image of the page */
  fetchPriority?: "high" | "low" | "auto";
}

/** An image of the image service with intrinsic size (no layout shift), lazy and async-decoded. */
export function Picture({ imageKey, w, h, alt, className, loading = "lazy", fetchPriority }: PictureProps) {
  return (
    <img
      className={className}
      src={imageUrl(imageKey, w, h)}
      width={w}
      height={h}
      alt={alt}
      loading={loading}
      decoding="async"
      fetchPriority={fetchPriority}
    />
  );
}

export default Picture;
