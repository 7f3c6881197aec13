/** Image URL of the image service: /images/{w}x{h}/{key}.svg (worker/images/image-routes.ts). */
export function imageUrl(imageKey: string, w: number, h: number): string {
  return `/images/${w}x${h}/${imageKey}.svg`;
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
