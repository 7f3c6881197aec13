/** Spec §9: durations over 3599 s show as 'H hr mm', otherwise 'mm:ss'. */
const pad = (n: number) => String(n).padStart(2, "0");

export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  if (total > 3599) {
    const hours = Math.floor(total / 3600);
    const minutes = Math.floor((total % 3600) / 60);
    return `${hours} hr ${pad(minutes)}`;
  }
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}
