import type { Loader, Loaders } from "./loader";
import { loaders as root } from "../../src/layouts/root.loader";
import { loaders as home } from "../../src/routes/home/home.loader";
import { loaders as news } from "../../src/routes/news/news.loader";
import { loaders as matches } from "../../src/routes/matches/matches.loader";
import { loaders as teams } from "../../src/routes/teams/teams.loader";
import { loaders as videos } from "../../src/routes/videos/videos.loader";
import { loaders as streamer } from "../../src/routes/videos/streamer.loader";
import { loaders as live } from "../../src/routes/live/live.loader";
import { loaders as content } from "../../src/routes/content/content.loader";
import { loaders as clubConsole } from "../../src/routes/console/console.loader";
import { loaders as consoleVouchers } from "../../src/routes/console/console-vouchers.loader";
import { loaders as consoleReplay } from "../../src/routes/console/console-replay.loader";

/**
 * Every route's loader by route id: the one place the worker reaches the loader modules (the route
 * table names none, so the browser's build has no loader and no query in it). A family adds its
 * module here once; a new route of a family only adds a key to its module
 * (tests/worker/route-loaders.test.ts checks the keys against the table's routes with `data`).
 */
const loaders: Loaders = { ...root, ...home, ...news, ...matches, ...teams, ...videos, ...streamer, ...live, ...content, ...clubConsole, ...consoleVouchers, ...consoleReplay };

export function loaderOf(routeId: string): Loader {
  const loader = loaders[routeId];
  if (!loader) throw new Error(`no loader for route ${routeId}`);
  return loader;
}

export const routeIdsWithLoaders = (): string[] => Object.keys(loaders);
