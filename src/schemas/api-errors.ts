import * as z from "zod/mini";

/**
 * The error body of the worker's JSON answers, `{ errors: [{ code, detail, field?, status? }] }`
 * (worker/http/api-error.ts): `field` names the input a refusal is about, `status` is the access
 * status of spec §4 on playback refusals.
 */
export const apiErrorsSchema = z.object({
  errors: z.array(z.object({ code: z.string(), detail: z.optional(z.string()), field: z.optional(z.string()), status: z.optional(z.number()) })),
});
export type ApiErrors = z.infer<typeof apiErrorsSchema>;
