/**
 * An uploaded captions file: WebVTT (its first line is 'WEBVTT', optionally after a byte-order
 * mark and followed by a space or tab and a header text), of at most CAPTIONS_MAX_BYTES.
 */
export const CAPTIONS_MAX_BYTES = 512 * 1024;

export type CaptionsError = "CAPTIONS_EMPTY" | "CAPTIONS_TOO_LARGE" | "CAPTIONS_NOT_WEBVTT";

export const CAPTIONS_ERROR_TEXT: Record<CaptionsError, string> = {
  CAPTIONS_EMPTY: "The captions file is empty",
  CAPTIONS_TOO_LARGE: `A captions file is at most ${CAPTIONS_MAX_BYTES / 1024} KB`,
  CAPTIONS_NOT_WEBVTT: "Captions must be a WebVTT file (its first line is WEBVTT)",
};

export function checkWebVtt(bytes: Uint8Array): CaptionsError | null {
  if (bytes.length === 0) return "CAPTIONS_EMPTY";
  if (bytes.length > CAPTIONS_MAX_BYTES) return "CAPTIONS_TOO_LARGE";
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const head = new TextDecoder().decode(bytes.subarray(start, start + 16));
  return /^WEBVTT(?:[ \t\r\n]|$)/.test(head) ? null : "CAPTIONS_NOT_WEBVTT";
}

/** A caption language: a BCP 47 tag of the common shape ('en', 'en-GB', 'cy', 'pt-BR'). */
export const CAPTION_LANGUAGE = /^[a-z]{2,3}(?:-[A-Z]{2}|-[A-Za-z]{4})?$/;
