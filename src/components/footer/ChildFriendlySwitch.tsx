import { useAppState } from "../../state/store";
import { chooseChildFriendly } from "../family/child-friendly-choice";

/** The footer's child-friendly switch (spec §1: default on); the choice reloads the page (chooseChildFriendly). */
export default function ChildFriendlySwitch() {
  const { state, dispatch } = useAppState();
  const on = state.childFriendly;
  const toggle = () => {
    const next = !on;
    dispatch({ type: "childFriendly/set", childFriendly: next });
    chooseChildFriendly(next);
  };
  return (
    <button type="button" role="switch" aria-checked={on} className="child-friendly-switch" onClick={toggle}>
      <span className="child-friendly-switch__track" aria-hidden="true">
        <span className="child-friendly-switch__thumb" />
      </span>
      <span className="child-friendly-switch__label">Child-friendly mode</span>
      <span className="child-friendly-switch__state" aria-hidden="true">
        {on ? "On" : "Off"}
      </span>
    </button>
  );
}
