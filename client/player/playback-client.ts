/**
 * The browser side of the playback gate: POST /api/playback {entryId} (worker/media/playback-routes.ts).
 * A refusal carries the access status of spec §4, whose texts come from src/domain/access-status.
 */
export interface PlaybackGrant {
  entryId: string;
  url: string;
  posterUrl: string;
  token: string;
  expiresAt: string;
  renewAfterSeconds: number;
  /** where a signed-in viewer left this video (seconds), or null */
  resumeAt: number | null;
}

export type PlaybackAnswer =
  | { ok: true; grant: PlaybackGrant }
  | { ok: false; kind: "refused"; code: string; detail: string; status: number }
  | { ok: false; kind: "failed" };

function isGrant(value: unknown): value is PlaybackGrant {
  const a = value as Partial<PlaybackGrant> | null;
  return !!a && typeof a.url === "string" && typeof a.token === "string" && typeof a.renewAfterSeconds === "number";
}

export async function requestPlayback(entryId: string, signal?: AbortSignal): Promise<PlaybackAnswer> {
  try {
    const response = await fetch("/api/playback", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ entryId }),
      credentials: "same-origin",
      ...(signal ? { signal } : {}),
    });
    const body = (await response.json().catch(() => null)) as {
      data?: { attributes?: unknown };
      errors?: { code?: string; detail?: string; status?: number }[];
    } | null;
    if (response.ok && isGrant(body?.data?.attributes)) return { ok: true, grant: body.data.attributes };
    const error = body?.errors?.[0];
    if ((response.status === 401 || response.status === 403) && error?.code) {
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
