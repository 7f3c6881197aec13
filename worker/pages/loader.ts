import type { LoaderFunctionArgs } from "react-router";
import type { Reader } from "../viewer/reader";
import type { StaffRole } from "../../src/domain/staff-roles";

/** The staff member a console page is rendered for, and their roles (src/domain/staff-roles.ts). */
export interface StaffMember {
  ssoID: string;
  roles: readonly StaffRole[];
}

/**
 * What a route's loader reads with: the viewer's reader (the bindings and the cookie preferences
 * that shape the content), and who the staff member is in a render of the console.
 */
export interface PageContext extends Reader {
  env: Env;
  /** null for anyone but a signed-in staff member, and on every route but the console's own */
  staff: StaffMember | null;
  /**
   * The article preview this render may show (worker/console/article-preview.ts checked the staff
   * member's capability or the share link first); absent on every other render.
   */
  preview?: PreviewGrant | null;
}

/** An article whose preview was allowed, and until when when it came by a share link. */
export interface PreviewGrant {
  articleId: number;
  sharedUntil: string | null;
}

/** A route's loader: it runs in the worker only, for a page and for a navigation's route data. */
export type Loader = (args: LoaderFunctionArgs, context: PageContext) => Promise<unknown>;

/** A route family's loaders, by route id (the route's path; `home` for `/`, `root` for the layout). */
export type Loaders = Readonly<Record<string, Loader>>;
