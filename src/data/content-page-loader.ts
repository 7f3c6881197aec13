import { redirect } from "react-router";
import type { SiteData } from "./site-data";
import type { ContentPage } from "../schemas/pages";
import { found } from "./not-found";
import { params } from "./route-params";

/** A CMS page by its path; CMS redirect pages answer with their redirect (302 unless set). */
export async function contentPageLoader(data: SiteData, segments: string[]): Promise<ContentPage> {
  const path = segments.map((s) => params.slug(s)).join("/");
  const page = found(path === "" ? null : await data.page(path));
  if (page.redirect) throw redirect(page.redirect.location, page.redirect.status);
  return page;
}
