import { Form, Link } from "react-router";
import Button from "../Button";
import type { VideoFilter, VideoFilterDefinition } from "../../data/video-filter";

/**
 * The browse filters of spec §3 'Video filter' (team, season, duration pickers) as a GET form:
 * the choice lives in the URL, the server renders the filtered list, and it works before the
 * page hydrates. Submitting starts again at the first page.
 */
export function VideoFilters({ action, filter, filters }: { action: string; filter: VideoFilter; filters: VideoFilterDefinition[] }) {
  const active = filter.team !== undefined || filter.season !== undefined || filter.duration !== undefined;
  return (
    <Form className="video-filters" method="get" action={action} aria-label="Filter videos">
      {filters.map((definition) => {
        const id = `video-filter-${definition.searchHandler}`;
        const value = filter[definition.searchHandler];
        return (
          <div className="video-filters__field" key={definition.searchHandler}>
            <label className="video-filters__label" htmlFor={id}>
              {definition.label}
            </label>
            <select className="video-filters__select" id={id} name={definition.searchHandler} defaultValue={value === undefined ? "" : String(value)}>
              <option value="">Any</option>
              {definition.values.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        );
      })}
      <div className="video-filters__actions">
        <Button type="primary-dark" small inline submit text="Filter" />
        {active ? (
          <Link className="video-filters__clear" to={action}>
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
