import * as z from "zod/mini";

/** The packages service's answer (spec §3 'Package', 'Price entry'; worker/commercial/package-service.ts). */
const priceEntrySchema = z.object({
  id: z.string(),
  type: z.enum(["recurring", "one_time"]),
  interval: z.nullable(z.enum(["month", "year"])),
  priceDisplay: z.string(),
  amountPence: z.int(),
  offer: z.nullable(z.string()),
  furtherInformation: z.string(),
  backsideText: z.string(),
  accessData: z.object({ entitlements: z.array(z.string()) }),
});

const packageResourceSchema = z.object({
  id: z.string(),
  mode: z.enum(["light", "dark"]),
  attributes: z.object({
    packageType: z.enum(["membership", "match-pass"]),
    title: z.string(),
    description: z.string(),
    successfulPaymentPage: z.string(),
    cancelledPaymentPage: z.string(),
    styleData: z.object({ displayType: z.string(), icon: z.string(), customLabel: z.nullable(z.string()) }),
    imageData: z.object({ landscape: z.object({ imageKey: z.string() }) }),
    priceData: z.array(priceEntrySchema),
  }),
});

export const packagesAnswerSchema = z.object({ data: z.array(packageResourceSchema) });
export type PackageResource = z.infer<typeof packageResourceSchema>;
