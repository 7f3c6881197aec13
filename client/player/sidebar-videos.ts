import * as z from "zod/mini";
import { videoSchema, type Video } from "../../src/schemas/videos";
import { getAnswer } from "../api-answer";

const videoListSchema = z.object({ items: z.array(videoSchema), total: z.int() });

/** One page of a section's videos (every section's when `category` is absent), newest first: GET /api/content/videos. */
export async function sidebarVideos(pageSize: number, category?: string): Promise<Video[]> {
  const query = new URLSearchParams({ page: "0", pageSize: String(pageSize) });
  if (category) query.set("category", category);
  return (await getAnswer(`/api/content/videos?${query}`, videoListSchema)).items;
}
