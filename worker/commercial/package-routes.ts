import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError } from "../http/api-error";
import { offeredPackages } from "./package-service";

/**
 * GET /api/packages?filter.packageType=membership|match-pass: the packages service of spec §3/§7
 * (`{ data: [{ id, mode, attributes: { ..., styleData, imageData, priceData } }] }`), what the
 * packages widget reads, one shape only: the filter is required. (The page loaders' flat list is
 * the content API's /api/content/package-list.)
 */
export const packageRoutes = new Hono<AppEnv>();

const packageType = z.enum(["membership", "match-pass"]);

packageRoutes.get("/", async (c) => {
  const type = packageType.safeParse(c.req.query("filter.packageType"));
  if (!type.success) throw new ApiError(400, "INVALID_INPUT", "filter.packageType must be membership or match-pass");
  c.header("Cache-Control", "public, max-age=60");
  return c.json({ data: await offeredPackages(c.env.DB, type.data) });
});
