import { club } from "../../config/club";

/** React 19 hoists <title> into <head>; every page renders one. */
export function DocumentTitle({ page }: { page: string }) {
  return <title>{`${page} | ${club.name}`}</title>;
}
