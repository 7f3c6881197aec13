import * as z from "zod/mini";

/**
 * POST /api/checkout's answer (worker/payments/payment-routes.ts builds it with this type, the
 * purchase click parses it with this schema): the hosted checkout to go to, Stripe's or the
 * development stand-in's.
 */
export const checkoutAnswerSchema = z.object({ id: z.string(), url: z.string() });
export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;

/** POST /api/payments/portal's answer: the customer portal to go to. */
export const portalAnswerSchema = z.object({ url: z.string() });
export type PortalAnswer = z.infer<typeof portalAnswerSchema>;
