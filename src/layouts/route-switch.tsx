import type { ReactNode } from "react";
import { useLoaderData } from "react-router";
import type { newsPathLoader } from "../routes/news/news.loader";
import type { playersPathLoader } from "../routes/teams/teams.loader";

/** /news/* is an article or a dated listing, tagged by its loader's `kind`. */
export function NewsRouteSwitch({ article, list }: { article: ReactNode; list: ReactNode }) {
  return useLoaderData<typeof newsPathLoader>().kind === "article" ? article : list;
}

/** /players/* is a player or a team's squad. */
export function PlayerRouteSwitch({ player, squad }: { player: ReactNode; squad: ReactNode }) {
  return useLoaderData<typeof playersPathLoader>().kind === "player" ? player : squad;
}
