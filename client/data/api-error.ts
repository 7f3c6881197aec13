/**
 * Thrown for any answer other than 200/404, or one that is not what the schema says: the route's
 * error page shows its status (spec §8 'Route errors: statusCode from the error').
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** An answer that does not match its schema is the server's fault, seen through a gateway. */
export const MALFORMED_ANSWER_STATUS = 502;
