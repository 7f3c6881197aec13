import type { Package } from "../schemas/videos";
import type { PackageResource } from "../schemas/packages";

/**
 * The browser's side of the packages service (spec §3 'Package', §7 'GET …/packages'):
 * GET /api/packages?filter.packageType=…, parsed, and turned into the cards' Package. The schema
 * comes in a lazy chunk with the first answer, so zod never weighs on a first visit.
 */
export type PackageType = "membership" | "match-pass";

/** A package of the service as the cards show it; the service's order is the order. */
export function toCardPackage(resource: PackageResource, orderPosition: number): Package {
  const a = resource.attributes;
  return {
    id: resource.id,
    mode: resource.mode,
    packageType: a.packageType,
    title: a.title,
    description: a.description,
    successfulPaymentPage: a.successfulPaymentPage,
    cancelledPaymentPage: a.cancelledPaymentPage,
    displayType: a.styleData.displayType === "background-image" ? "background-image" : "icon-only",
    icon: a.styleData.icon,
    customLabel: a.styleData.customLabel,
    imageKey: a.imageData.landscape.imageKey,
    orderPosition,
    prices: a.priceData.map((p) => ({
      id: p.id,
      type: p.type,
      interval: p.interval,
      amountPence: p.amountPence,
      priceDisplay: p.priceDisplay,
      offer: p.offer,
      furtherInformation: p.furtherInformation,
      backsideText: p.backsideText,
      entitlements: p.accessData.entitlements,
    })),
  };
}

/** One list of the widget; throws on any failure (the widget logs it and shows the empty text, spec §8). */
export async function fetchPackages(type: PackageType, signal?: AbortSignal): Promise<Package[]> {
  const response = await fetch(`/api/packages?filter.packageType=${type}`, { headers: { accept: "application/json" }, ...(signal ? { signal } : {}) });
  if (!response.ok) throw new Error(`GET /api/packages?filter.packageType=${type} answered ${response.status}`);
  const [body, { packagesAnswerSchema }]: [unknown, typeof import("../schemas/packages")] = await Promise.all([response.json(), import("../schemas/packages")]);
  const parsed = packagesAnswerSchema.safeParse(body);
  if (!parsed.success) throw new Error(`GET /api/packages?filter.packageType=${type}: unexpected answer`);
  return parsed.data.data.map(toCardPackage);
}
