import { Link } from "react-router";
import type { Player } from "../../schemas/teams";
import { playerPath } from "../../routes/paths";
import { Picture } from "../Picture";

/** Squad card: portrait, squad number, name; position only when the team asks for it (Team.displayPositionOnCard). */
export function PlayerCard({ player, showPosition, mini }: { player: Player; showPosition: boolean; mini: boolean }) {
  return (
    <li className={`player-card${mini ? " player-card--mini" : ""}`}>
      <Link className="player-card__link" to={playerPath(player.teamSlug, player.slug)}>
        <div className="player-card__media">
          <Picture imageKey={player.imageKey} w={400} h={500} alt="" />
          {player.squadNumber !== null ? <span className="player-card__number">{player.squadNumber}</span> : null}
        </div>
        <div className="player-card__body">
          <span className="player-card__first">{player.firstName}</span>
          <span className="player-card__last">{player.lastName}</span>
          {showPosition ? <span className="player-card__position">{player.position}</span> : null}
        </div>
      </Link>
    </li>
  );
}
