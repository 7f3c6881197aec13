import * as z from "zod/mini";

/**
 * GET one of the browser's own API calls (the ones a page makes itself, not its route data) and
 * parse the answer with its schema: this is where untrusted JSON meets a component. A failure
 * throws; the caller decides what the reader sees (spec §8: feed and menu failures are only logged).
 */
export async function getAnswer<T>(path: string, schema: z.ZodMiniType<T>): Promise<T> {
  const response = await fetch(path, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  const result = z.safeParse(schema, await response.json().catch(() => undefined));
  if (!result.success) throw new Error(`GET ${path}: unexpected answer (${result.error.issues.map((i) => `${i.path.join(".") || "answer"}: ${i.message}`).join("; ")})`);
  return result.data;
}
