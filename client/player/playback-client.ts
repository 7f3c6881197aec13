import type { PlaybackGrant } from "../../src/schemas/playback";

/**
 * The browser side of the playback gate: POST /api/playback {entryId} (worker/media/playback-routes.ts).
 * A refusal carries the access status of spec §4, whose texts come from src/domain/access-status.
 * The answer is parsed with its shared schema (src/schemas/playback.ts), loaded beside the call.
 */
export type { PlaybackGrant };

export type PlaybackAnswer =
  | { ok: true; grant: PlaybackGrant }
  | { ok: false; kind: "refused"; code: string; detail: string; status: number }
  | { ok: false; kind: "failed" };

export async function requestPlayback(entryId: string, signal?: AbortSignal): Promise<PlaybackAnswer> {
  try {
    const [response, { playbackAnswerSchema, apiErrorsSchema }] = await Promise.all([
      fetch("/api/playback", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ entryId }),
        credentials: "same-origin",
        ...(signal ? { signal } : {}),
      }),
      import("./answers"),
    ]);
    const body: unknown = await response.json().catch(() => null);
    const granted = response.ok ? playbackAnswerSchema.safeParse(body) : null;
    if (granted?.success) return { ok: true, grant: granted.data.data.attributes };
    const refused = response.status === 401 || response.status === 403 ? apiErrorsSchema.safeParse(body) : null;
    const error = refused?.success ? refused.data.errors[0] : undefined;
    if (error) {
      return { ok: false, kind: "refused", code: error.code, detail: error.detail ?? "", status: error.status ?? response.status };
    }
    return { ok: false, kind: "failed" };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, kind: "failed" };
  }
}

/** The same media URL with the current token: a renewed token replaces the one the playlist carried. */
export function withCurrentToken(url: string, token: string): string {
  const parsed = new URL(url, window.location.href);
  if (parsed.origin !== window.location.origin || !parsed.pathname.startsWith("/media/")) return url;
  parsed.searchParams.set("token", token);
  return parsed.toString();
}
