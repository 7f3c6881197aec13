/** Route errors: a thrown response keeps its status; anything else is a 500 (spec §8). */
export function statusOf(error: unknown, isResponse: (e: unknown) => e is { status: number }): number {
  if (isResponse(error)) return error.status;
  return 500;
}
