import type { Context } from "hono";

/** The caller's IP as Cloudflare reports it ('unknown' in local tests without the header). */
export function clientIp(c: Context): string {
  const ip = c.req.header("cf-connecting-ip") ?? c.req.header("x-real-ip") ?? "";
  return /^[0-9a-fA-F:.]{2,45}$/.test(ip) ? ip : "unknown";
}
