import { NONCE, secureHeaders } from "hono/secure-headers";

/**
 * One CSP for the whole site. Scripts run only with the per-request nonce (React's bootstrap
 * module and the router's hydration data); inline style attributes are allowed because React
 * writes them for progress bars and image aspect boxes, inline <style> elements are not.
 * blob: media and workers are for hls.js (MediaSource).
 */
export const securityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'", NONCE],
    styleSrc: ["'self'"],
    styleSrcAttr: ["'unsafe-inline'"],
    imgSrc: ["'self'", "data:"],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    mediaSrc: ["'self'", "blob:"],
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
});
