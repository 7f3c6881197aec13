import Crest from "../Crest";
import { Picture } from "../Picture";
import { club } from "../../config/club";
import { opponentSlug } from "../../routes/paths";

/** The club's crest, drawn inline by the shared widget. */
export function ClubCrest({ size = 64 }: { size?: number }) {
  return (
    <span className="match-crest" style={{ width: size, height: size }}>
      <Crest title={club.name} />
    </span>
  );
}

/** Opponent badges come from the image service: /images/{w}x{h}/opponent-{slug}.svg. */
export function OpponentCrest({ name, size = 64 }: { name: string; size?: number }) {
  return (
    <span className="match-crest" style={{ width: size, height: size }}>
      <Picture imageKey={`opponent-${opponentSlug(name)}`} w={120} h={120} alt={name} />
    </span>
  );
}
