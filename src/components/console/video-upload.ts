/**
 * The console's resumable upload of a video file (the API: worker/console/videos.ts). Parts of
 * the size the worker names are sent PARALLEL_PARTS at a time, each by XMLHttpRequest for its
 * upload progress. A part that fails on the network (or a 5xx) is sent again after a backoff, and
 * while the browser says it is offline the upload waits for it to come back; past MAX_TRIES the
 * upload stops and can be resumed. The upload's id is kept in localStorage under the file's name,
 * size and last modification, so a reload (or choosing the same file again later) resumes by
 * asking the worker which parts it holds: a part already sent is never sent again.
 */
export const PARALLEL_PARTS = 3;
const MAX_TRIES = 6;
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000];

export interface UploadState {
  id: string;
  bytes: number;
  partBytes: number;
  parts: number;
  uploaded: { partNumber: number; bytes: number }[];
  missing: number[];
}

export interface CompletedUpload {
  sourceId: string;
}

/** A refusal the person must act on (the wrong file, too large), with its code and text. */
export class UploadRefused extends Error {
  constructor(
    readonly code: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** The network is gone for longer than the retries: the upload can be resumed. */
export class UploadInterrupted extends Error {}

export class UploadCancelled extends Error {}

export const storageKey = (file: Pick<File, "name" | "size" | "lastModified">) => `rovers.video-upload:${file.name}:${file.size}:${file.lastModified}`;

function remembered(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
function remember(key: string, id: string | null): void {
  try {
    if (id === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, id);
  } catch {
    // storage blocked: the upload still works, it just cannot resume after a reload
  }
}

const API = "/api/console/videos/uploads";

async function refusalOf(response: Response): Promise<UploadRefused> {
  const body = (await response.json().catch(() => null)) as { errors?: { code?: string; detail?: string }[] } | null;
  const first = body?.errors?.[0];
  return new UploadRefused(first?.code ?? `HTTP_${response.status}`, first?.detail ?? `The upload was refused (${response.status})`);
}

async function json<T>(input: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(input, { credentials: "same-origin", ...init, headers: { accept: "application/json", ...(init.body ? { "content-type": "application/json" } : {}) } });
  } catch {
    throw new UploadInterrupted("The connection dropped");
  }
  if (response.status >= 500) throw new UploadInterrupted(`The site answered ${response.status}`);
  if (!response.ok) throw await refusalOf(response);
  return ((await response.json()) as { data: { attributes: T } }).data.attributes;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new UploadCancelled());
    }, { once: true });
  });

const online = (signal: AbortSignal) =>
  navigator.onLine
    ? Promise.resolve()
    : new Promise<void>((resolve, reject) => {
        window.addEventListener("online", () => resolve(), { once: true });
        signal.addEventListener("abort", () => reject(new UploadCancelled()), { once: true });
      });

/** One part by XHR; `onBytes` gets the bytes sent of it so far. Network errors and 5xx are 'retry', 4xx a refusal. */
function sendPart(id: string, n: number, body: Blob, onBytes: (sent: number) => void, signal: AbortSignal): Promise<"ok" | "retry"> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", `${API}/${id}/parts/${n}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (e) => onBytes(e.loaded);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve("ok");
      if (xhr.status >= 500) return resolve("retry");
      void refusalOf(new Response(xhr.responseText, { status: xhr.status })).then(reject);
    };
    xhr.onerror = () => resolve("retry");
    xhr.ontimeout = () => resolve("retry");
    const abort = () => xhr.abort();
    signal.addEventListener("abort", abort, { once: true });
    xhr.onabort = () => reject(new UploadCancelled());
    xhr.send(body);
  });
}

export interface UploadCallbacks {
  /** bytes the worker holds or that are on their way, of the file's total */
  onProgress: (sent: number, total: number) => void;
  /** the upload's id, once it has one (Cancel needs it) */
  onStarted: (id: string) => void;
  /** a part is being sent again after a failure */
  onRetry: (partNumber: number, attempt: number) => void;
  /** the part numbers actually sent by this run (a test checks that none is sent twice) */
  onPartSent?: (partNumber: number) => void;
}

/** Uploads `file` (or resumes its upload) to completion: its source id. */
export async function uploadVideo(file: File, callbacks: UploadCallbacks, signal: AbortSignal): Promise<CompletedUpload> {
  const key = storageKey(file);
  let state: UploadState | null = null;
  const known = remembered(key);
  if (known) {
    try {
      state = await json<UploadState>(`${API}/${known}`);
    } catch (error) {
      // completed, aborted or expired meanwhile: start again
      if (!(error instanceof UploadRefused)) throw error;
      remember(key, null);
    }
  }
  if (!state) {
    state = await json<UploadState>(API, { method: "POST", body: JSON.stringify({ fileName: file.name, bytes: file.size }) });
    remember(key, state.id);
  }
  const { id, partBytes } = state;
  callbacks.onStarted(id);
  const done = new Map<number, number>(state.uploaded.map((p) => [p.partNumber, p.bytes]));
  const inFlight = new Map<number, number>();
  const report = () => {
    let sent = 0;
    for (const b of done.values()) sent += b;
    for (const b of inFlight.values()) sent += b;
    callbacks.onProgress(Math.min(sent, file.size), file.size);
  };
  report();
  const queue = [...state.missing];
  // Part 1 first and alone: the worker reads the type from it and refuses the whole upload if it is not a video.
  const first = queue.indexOf(1);
  if (first > 0) queue.unshift(...queue.splice(first, 1));

  async function sendWithRetries(n: number): Promise<void> {
    const blob = file.slice((n - 1) * partBytes, Math.min(file.size, n * partBytes));
    for (let attempt = 1; ; attempt++) {
      await online(signal);
      inFlight.set(n, 0);
      callbacks.onPartSent?.(n);
      const outcome = await sendPart(id, n, blob, (sent) => {
        inFlight.set(n, sent);
        report();
      }, signal);
      inFlight.delete(n);
      if (outcome === "ok") {
        done.set(n, blob.size);
        report();
        return;
      }
      report();
      if (attempt >= MAX_TRIES) throw new UploadInterrupted("The connection dropped");
      callbacks.onRetry(n, attempt);
      await sleep(BACKOFF_MS[Math.min(attempt - 1, BACKOFF_MS.length - 1)]!, signal);
    }
  }

  try {
    if (queue[0] === 1) await sendWithRetries(queue.shift()!);
    const workers = Array.from({ length: PARALLEL_PARTS }, async () => {
      for (let n = queue.shift(); n !== undefined; n = queue.shift()) await sendWithRetries(n);
    });
    await Promise.all(workers);
  } catch (error) {
    // the worker aborted the upload (not a video): nothing to resume
    if (error instanceof UploadRefused) remember(key, null);
    throw error;
  }
  const completed = await json<{ source: { id: string } }>(`${API}/${id}/complete`, { method: "POST" });
  remember(key, null);
  return { sourceId: completed.source.id };
}

/** Cancel: the worker aborts the multipart upload and keeps nothing; this browser forgets it. */
export async function abortVideoUpload(file: File, id: string): Promise<void> {
  remember(storageKey(file), null);
  await fetch(`${API}/${id}`, { method: "DELETE", credentials: "same-origin" }).catch(() => undefined);
}
