import type { MediaType } from "../domain/image-sniff";

/** One photo of the media library, as the console and the pages see it (worker/media-library/media-store.ts). */
export interface MediaItem {
  id: number;
  fileName: string;
  contentType: MediaType;
  /** the original's pixel size, read from its header at upload */
  width: number;
  height: number;
  bytes: number;
  alt: string;
  /** the subject's place, 0–1 from the left and from the top */
  focalX: number;
  focalY: number;
  /** named by every served URL; goes up when the crops change */
  version: number;
  uploadedBy: string;
  uploadedAt: string;
  updatedAt: string | null;
}

/** A page of the library: newest first, narrowed to alt texts and file names containing `q`. */
export interface MediaPage {
  q: string;
  page: number;
  pageSize: number;
  total: number;
  items: MediaItem[];
}

export type MediaItemAnswer = { data: { attributes: MediaItem } };
export type MediaPageAnswer = { data: { attributes: MediaPage } };
