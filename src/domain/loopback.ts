/**
 * Loopback addresses: the development build's state route (worker/dev-state/d1-route.ts) answers
 * only a caller on the same machine. A host name as a URL gives it (`127.0.0.1`, `localhost`,
 * `[::1]`) or a bare address as CF-Connecting-IP carries it (`::1`).
 */
export function isLoopbackHost(host: string): boolean {
  // an IPv4 address mapped into IPv6 (`::ffff:127.0.0.1`) is the IPv4 address
  const name = host.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1").replace(/^::ffff:(?=\d+\.)/, "");
  if (name === "localhost" || name === "::1" || name === "0:0:0:0:0:0:0:1") return true;
  // 127.0.0.0/8, written as four decimal numbers 0–255
  const parts = name.split(".");
  return parts.length === 4 && parts[0] === "127" && parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255);
}

/**
 * Whether a request came from this machine: its URL names a loopback host and, when the runtime
 * reports the caller's address (CF-Connecting-IP), that is a loopback address too.
 */
export function isLoopbackRequest(urlHostname: string, connectingIp: string | undefined): boolean {
  return isLoopbackHost(urlHostname) && (connectingIp === undefined || isLoopbackHost(connectingIp));
}
