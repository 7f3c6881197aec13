/**
 * The schemas of the player's answers (zod): one lazy chunk, imported beside the player's first
 * call so that neither a first visit nor the player's own chunk carries zod.
 */
export { apiErrorsSchema } from "../../src/schemas/api-errors";
export { liveGrantAnswerSchema, liveStatusAnswerSchema } from "../../src/schemas/live-session";
export { playbackAnswerSchema } from "../../src/schemas/playback";
