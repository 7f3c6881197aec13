import { secureHeaders } from "hono/secure-headers";

/**
 * One CSP for the whole site. Only the site's own script files run: there is no inline script
 * at all (the router's hydration data is a JSON data block, src/app/router-data.ts), so no
 * nonce is needed and rendered pages are the same for everyone. Inline style attributes are
 * allowed because React writes them for progress bars and image aspect boxes; inline <style>
 * elements are not. blob: media and workers are for hls.js (MediaSource); blob: images for the
 * console's preview of a photo before it is uploaded (URL.createObjectURL of the chosen file).
 *
 * A header a route set for itself wins (overwrite: false): the sign-in callback's
 * `Referrer-Policy: no-referrer`, the stricter CSP of generated SVG images.
 */
export const securityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    styleSrcAttr: ["'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:"],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    // blob: for hls.js's MediaSource; data: for the empty 'data:,WEBVTT' <track> it gives each captions track
    mediaSrc: ["'self'", "blob:", "data:"],
    workerSrc: ["'self'", "blob:"],
    frameSrc: ["'self'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
  },
  referrerPolicy: "strict-origin-when-cross-origin",
  xContentTypeOptions: "nosniff",
  xFrameOptions: "DENY",
  crossOriginOpenerPolicy: "same-origin",
  permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  overwrite: false,
});
