import { useAppState } from "../../state/store";
import { chooseChildFriendly } from "./child-friendly-choice";

export const FAMILY_MODE_NOTICE = "Family mode: some teams hidden";
export const SHOW_ALL_TEAMS = "Show all teams";

/**
 * Said where family (child-friendly) mode hides teams a visitor came for (/teams, the fixtures'
 * team tabs, the Rovers TV team filter): the mode is on by default (spec §1), so without this a
 * first-time visitor would never find the first team, nor know why. One press shows them all.
 * `hidden`: how many teams the mode hides on this page; nothing is said when none.
 */
export function FamilyModeNotice({ hidden }: { hidden: number }) {
  const { state, dispatch } = useAppState();
  if (hidden === 0 || !state.childFriendly) return null;
  return (
    <p className="family-notice">
      <span>{FAMILY_MODE_NOTICE}</span>
      <span aria-hidden="true"> · </span>
      <button
        type="button"
        className="family-notice__show"
        onClick={() => {
          dispatch({ type: "childFriendly/set", childFriendly: false });
          chooseChildFriendly(false);
        }}
      >
        {SHOW_ALL_TEAMS}
      </button>
    </p>
  );
}
