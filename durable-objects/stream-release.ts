/**
 * Ends every live stream session of an account: called when its right to watch is
 * gone, after the change that took it away is stored (a webhook that removes an entitlement, an
 * administrator's block, a sign-out everywhere). The user's StreamSessions object lists the
 * sessions as released in D1 before it forgets them, so their tokens stop at the next playlist,
 * init or segment request, and closes their sockets, so the players learn at once.
 *
 * It reads the binding from `env` itself (a missing one fails inside the try like any other
 * failure), so it can live beside the object, outside worker/. A failure here is logged, not
 * thrown: the change itself has been stored, and every /media request re-reads the account anyway (worker/media/token-check.ts), so the stream still stops.
 */
export async function endStreamsOf(env: Env, ssoID: string, reason: string): Promise<number> {
  try {
    const namespace = env.STREAM_SESSIONS;
    return await namespace.get(namespace.idFromName(ssoID)).releaseAll(reason);
  } catch (error) {
    console.error(JSON.stringify({ msg: "stream sessions not released", ssoID, reason, error: String(error) }));
    return 0;
  }
}

/**
 * Ends the live stream sessions one site session started: its Log Out. Their tokens already fail
 * (the session is revoked); releasing them frees the account's concurrency slots at once instead
 * of 75 s after the last ping. Logged, not thrown, like endStreamsOf.
 */
export async function endSiteStreams(env: Env, ssoID: string, siteSid: string): Promise<number> {
  try {
    const namespace = env.STREAM_SESSIONS;
    return await namespace.get(namespace.idFromName(ssoID)).releaseSite(siteSid, "Logged out");
  } catch (error) {
    console.error(JSON.stringify({ msg: "stream sessions not released", ssoID, reason: "Logged out", error: String(error) }));
    return 0;
  }
}
