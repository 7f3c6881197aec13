import { refusalOf, type WriteResult } from "./console-write";
import type { MediaItem, MediaItemAnswer } from "../../schemas/media";

export type UploadResult = { ok: true; item: MediaItem } | (WriteResult & { ok: false });

/**
 * Sends one photo to the media library with XMLHttpRequest, whose upload reports its progress
 * (fetch does not): `onProgress` gets the share sent, 0–1, as the bytes leave. A refusal comes back
 * as console-write.ts's, each field's problem beside its field.
 */
export function uploadToLibrary(form: FormData, onProgress: (sent: number) => void): Promise<UploadResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/console/media");
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener("load", () => {
      let answer: unknown = null;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        answer = null;
      }
      if (xhr.status === 201) resolve({ ok: true, item: (answer as MediaItemAnswer).data.attributes });
      else void refusalOf(xhr.status, answer).then(resolve);
    });
    const unreachable = () => resolve({ ok: false, detail: "The console could not reach the site. Check the connection and try again.", fields: {} });
    xhr.addEventListener("error", unreachable);
    xhr.addEventListener("abort", unreachable);
    xhr.send(form);
  });
}
