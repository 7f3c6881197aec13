import type { Context } from "hono";
import { settingsOf } from "../env";

/**
 * The caller's IP as Cloudflare reports it (CF-Connecting-IP, which a client cannot set through
 * Cloudflare). X-Real-IP is read only in development, where no Cloudflare edge is in front;
 * elsewhere it is the client's own claim. 'unknown' without either.
 */
export function clientIp(c: Context): string {
  const ip = c.req.header("cf-connecting-ip") ?? (settingsOf(c.env).environment === "development" ? c.req.header("x-real-ip") : undefined) ?? "";
  return /^[0-9a-fA-F:.]{2,45}$/.test(ip) ? ip : "unknown";
}
