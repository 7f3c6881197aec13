import Icon from "../Icon";

/** 'Add to calendar' on a team's fixtures page: subscribe (webcal:) or fetch the feed (https:). */
export function CalendarLinks({ links, teamName }: { links: { https: string; webcal: string }; teamName: string }) {
  return (
    <p className="calendar-links">
      <a className="calendar-links__add" href={links.webcal}  title={`Subscribe to the ${teamName} fixtures in your calendar app`}>
        <Icon name="calendar" />
        Add to calendar
      </a>
      <a className="calendar-links__file" href={links.https}>
        Download .ics
      </a>
    </p>
  );
}
