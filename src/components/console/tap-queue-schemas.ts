import * as z from "zod/mini";
import { matchEventInputSchema } from "../../schemas/match-live";

/** The operator's stored taps and the feed's answers as use-tap-queue.ts reads them (loaded with its first read). */
export { z };

export const storedSchema = z.array(
  z.object({
    key: z.string(),
    matchID: z.int(),
    input: matchEventInputSchema,
    label: z.string(),
    tappedAt: z.number(),
    status: z.enum(["pending", "sent", "refused"]),
    seq: z.optional(z.int()),
    eventID: z.optional(z.string()),
    refusal: z.optional(z.string()),
    attempts: z.int(),
  }),
);
export const sentSchema = z.object({ data: z.object({ id: z.string(), seq: z.int() }) });
export const refusedSchema = z.object({ errors: z.array(z.object({ code: z.string(), detail: z.string() })) });

