import type { ReactNode } from "react";
import { useLoaderData } from "react-router";

/** Routes whose loader decides between two pages tag their data with `kind`. */
type Tagged = { kind: string };

export function NewsRouteSwitch({ article, list }: { article: ReactNode; list: ReactNode }) {
  return useLoaderData<Tagged>().kind === "article" ? article : list;
}

export function PlayerRouteSwitch({ player, squad }: { player: ReactNode; squad: ReactNode }) {
  return useLoaderData<Tagged>().kind === "player" ? player : squad;
}
