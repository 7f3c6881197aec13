import { club } from "../config/club";
import { DURATION_FILTERS, durationRange, isDurationFilter, type DurationFilter } from "../domain/duration-filter";
import { FIRST_TEAM_ALIAS } from "./route-params";
import { teamTabsShown } from "../domain/child-friendly";
import { notFound } from "./not-found";

/**
 * The browse filters of spec §3 'Video filter' (team picker, season picker 2020-2024, duration
 * picker short / medium / long of spec §9) as they appear in the URL of /videos/browse and
 * /videos/channel/{slug}: '?team=b-team&season=2023&duration=short'. One module reads and writes
 * them, so the page, its loader and the data layer agree; a value that is not one of the
 * picker's is a 404 like any other failed route validation (spec §2).
 */
export type TeamFilter = typeof FIRST_TEAM_ALIAS | "womens-first-team" | "b-team" | "u18";

export interface VideoFilter {
  team?: TeamFilter;
  /** the season's start year, 2020 to 2024 */
  season?: number;
  duration?: DurationFilter;
}

/** A page of a category's videos (every category's when `category` is absent), narrowed by the filters. */
export type VideoListQuery = { category?: string | undefined; page?: number; pageSize?: number } & VideoFilter;

export interface VideoFilterOption {
  value: string;
  label: string;
}

/** Spec §3 'Video filter: searchHandler, label, type, values'. */
export interface VideoFilterDefinition {
  searchHandler: keyof VideoFilter;
  label: string;
  type: "teamPicker" | "seasonPicker" | "durationPicker";
  values: VideoFilterOption[];
}

const TEAM_OPTIONS: { value: TeamFilter; label: string }[] = [
  { value: FIRST_TEAM_ALIAS, label: "First Team" },
  { value: "womens-first-team", label: "Rovers Women" },
  { value: "b-team", label: "B Team" },
  { value: "u18", label: "U18" },
];

const SEASONS = Array.from({ length: club.seasons.last - club.seasons.first + 1 }, (_, i) => club.seasons.last - i);

const DURATION_LABELS: Record<DurationFilter, string> = {
  short: "Short (under 5 min)",
  medium: "Medium (5 to 10 min)",
  long: "Long (over 10 min)",
};

export const VIDEO_FILTERS: VideoFilterDefinition[] = [
  { searchHandler: "team", label: "Team", type: "teamPicker", values: TEAM_OPTIONS },
  { searchHandler: "season", label: "Season", type: "seasonPicker", values: SEASONS.map((y) => ({ value: String(y), label: `${y}/${String(y + 1).slice(2)}` })) },
  { searchHandler: "duration", label: "Duration", type: "durationPicker", values: DURATION_FILTERS.map((d) => ({ value: d, label: DURATION_LABELS[d] })) },
];

/**
 * The filters as a viewer sees them: the team picker offers only the teams the viewer's mode lists
 * (`listed`: child-friendly mode lists only the teams flagged child friendly, spec §1/§3), like the
 * other team lists, and always the team already chosen, so a shared link keeps its selection.
 */
export function videoFiltersFor(listed: readonly { slug: string }[], current: TeamFilter | undefined): VideoFilterDefinition[] {
  const options = TEAM_OPTIONS.map((option) => ({ ...option, slug: teamSlugOf(option.value) }));
  const shown = teamTabsShown(options, listed, current === undefined ? null : teamSlugOf(current)).map(({ value, label }) => ({ value, label }));
  return VIDEO_FILTERS.map((definition) => (definition.type === "teamPicker" ? { ...definition, values: shown } : definition));
}

export function isTeamFilter(value: string): value is TeamFilter {
  return TEAM_OPTIONS.some((t) => t.value === value);
}

export function isSeasonFilter(value: number): boolean {
  return Number.isInteger(value) && value >= club.seasons.first && value <= club.seasons.last;
}

/** The team's slug in the data ('' is the first team). */
export function teamSlugOf(team: TeamFilter): string {
  return team === FIRST_TEAM_ALIAS ? "" : team;
}

/**
 * Whether a filter's value is one of its picker's. The empty value means 'any' (the same as
 * leaving the filter out); anything else unknown is a 404. The page cache keys on the same rules
 * (src/data/page-query.ts).
 */
export const videoFilterRules: Record<keyof VideoFilter, (value: string) => boolean> = {
  team: isTeamFilter,
  season: (value) => /^\d{4}$/.test(value) && isSeasonFilter(Number(value)),
  duration: isDurationFilter,
};

/** Reads the filters of a browse URL; an empty value means 'any'; anything else unknown is a 404. */
export function parseVideoFilter(search: URLSearchParams): VideoFilter {
  const filter: VideoFilter = {};
  const valueOf = (name: keyof VideoFilter) => {
    const value = search.get(name) ?? "";
    return value === "" ? undefined : videoFilterRules[name](value) ? value : notFound();
  };
  const team = valueOf("team");
  if (team !== undefined && isTeamFilter(team)) filter.team = team;
  const season = valueOf("season");
  if (season !== undefined) filter.season = Number(season);
  const duration = valueOf("duration");
  if (duration !== undefined && isDurationFilter(duration)) filter.duration = duration;
  return filter;
}

/** The filters as a query string ('' when none), in the picker order. */
export function videoFilterQuery(filter: VideoFilter): string {
  const search = new URLSearchParams();
  if (filter.team) search.set("team", filter.team);
  if (filter.season !== undefined) search.set("season", String(filter.season));
  if (filter.duration) search.set("duration", filter.duration);
  return search.toString();
}

/** Duration bucket as the search's min and max seconds (spec §7 provider 1 query). */
export function durationBounds(duration: DurationFilter | undefined): { durationMin?: number; durationMax?: number } {
  if (!duration) return {};
  const { min, max } = durationRange(duration);
  return { ...(min === null ? {} : { durationMin: min }), ...(max === null ? {} : { durationMax: max }) };
}
