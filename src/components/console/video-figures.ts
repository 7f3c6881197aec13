import { formatDuration } from "../../domain/duration-format";
import { videoCost, usd } from "../../domain/video-cost";
import type { ConsoleVideoRow } from "../../schemas/console-videos";

/** Rovers TV's figures as the console prints them. */
export const STATUS_LABELS: Record<ConsoleVideoRow["status"], string> = {
  draft: "Draft",
  processing: "Processing",
  ready: "Ready to publish",
  failed: "Failed",
  published: "Published",
  embargoed: "Embargoed",
  expired: "Expired",
};

export function sizeText(bytes: number | null): string {
  if (bytes === null) return "—";
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(2)} GB`;
  return `${Math.max(0.1, bytes / 1e6).toFixed(1)} MB`;
}

export const minutesText = (seconds: number) => `${Math.floor(seconds / 60)} min`;

/** 'storage/month · delivery so far', from the pure estimate (src/domain/video-cost.ts). */
export function costText(row: Pick<ConsoleVideoRow, "bytes" | "plays" | "secondsWatched">): string {
  const cost = videoCost({ storedBytes: row.bytes ?? 0, plays: row.plays, secondsWatched: row.secondsWatched });
  return `${usd(cost.storagePerMonth)}/month · ${usd(cost.delivery)} delivery`;
}

export const lengthText = (seconds: number) => formatDuration(seconds);
