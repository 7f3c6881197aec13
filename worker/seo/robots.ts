/**
 * robots.txt. Sign-in, the API, media and sockets are never pages to index. The development-only
 * paths (the embedded login portal /sso/, the dev checkout /dev-payments/) are named only where
 * they exist: in production they are 404 and listing them would only advertise them.
 */
export function robotsTxt(origin: string, isDevelopment: boolean): string {
  const disallow = ["/api/", "/auth/", "/media/", "/ws/", "/account/", ...(isDevelopment ? ["/sso/", "/dev-payments/"] : [])];
  return ["User-agent: *", "Allow: /", ...disallow.map((path) => `Disallow: ${path}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}
