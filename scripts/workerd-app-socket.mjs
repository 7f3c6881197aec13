// The app's own workerd socket behind `wrangler dev`'s proxy, for the load benches. The proxy (a
// development-only hop: on Cloudflare the edge takes the socket) relays every request and socket
// through a second workerd process, spending about 8 open files per WebSocket and a queue of its own
// per request; the app's process listens on a port of its own, which a bench can reach directly.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** The workerd processes started under `rootPid` (wrangler's process group), by /proc. */
export function workerdPidsUnder(rootPid) {
  const parents = new Map();
  const names = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      names.set(Number(entry), stat.slice(stat.indexOf("(") + 1, close));
      parents.set(Number(entry), Number(stat.slice(close + 2).split(" ")[1]));
    } catch {
      // gone meanwhile
    }
  }
  const under = (pid) => {
    for (let p = pid, hops = 0; p > 1 && hops < 20; p = parents.get(p) ?? 0, hops += 1) if (p === rootPid) return true;
    return false;
  };
  return [...names].filter(([pid, name]) => name === "workerd" && under(pid)).map(([pid]) => pid);
}

/**
 * The base URL of the app's own socket: among the listening ports of `pids` (not the proxy's,
 * not the inspector's), the one whose answer to `probePath` is JSON. null if none does or `ss` is
 * missing: the caller stays behind the proxy. Every probe is bounded (3 s).
 */
export async function appSocket(pids, proxyPort, probePath) {
  const wanted = new Set(pids.map(String));
  let listing = "";
  try {
    listing = execFileSync("ss", ["-ltnpH"], { encoding: "utf8" });
  } catch {
    return null;
  }
  const ports = listing
    .split("\n")
    .filter((line) => [...line.matchAll(/pid=(\d+)/g)].some((m) => wanted.has(m[1])))
    .map((line) => Number(/127\.0\.0\.1:(\d+)/.exec(line)?.[1]))
    .filter((p) => p && p !== proxyPort && p !== 9229);
  for (const p of ports.slice(0, 10)) {
    const res = await fetch(`http://127.0.0.1:${p}${probePath}`, { signal: AbortSignal.timeout(3_000) }).catch(() => null);
    if (res?.ok && (res.headers.get("content-type") ?? "").includes("json")) return `http://127.0.0.1:${p}`;
  }
  return null;
}
