import { absolute, type JsonLdObject } from "./json-ld";

export interface Crumb {
  name: string;
  path: string;
}

/** BreadcrumbList: Home, then each level down to the page itself. */
export function breadcrumbList(origin: string, crumbs: Crumb[]): JsonLdObject {
  const trail = [{ name: "Home", path: "/" }, ...crumbs];
  return {
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, i) => ({ "@type": "ListItem", position: i + 1, name: crumb.name, item: absolute(origin, crumb.path) })),
  };
}
