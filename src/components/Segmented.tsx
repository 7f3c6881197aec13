import type { ReactNode } from "react";

export interface SegmentedOption<T extends string | number> {
  id: T;
  label: ReactNode;
}

interface SegmentedProps<T extends string | number> {
  /** tabs switch a panel (`panelId` names it, for aria-controls); radios choose a value */
  kind: "tabs" | "radios";
  label: string;
  options: readonly SegmentedOption<T>[];
  selected: T | undefined;
  onSelect: (id: T) => void;
  center?: boolean;
  /** tabs only: the id of each tab's panel, when the panel is in the document */
  panelId?: (id: T) => string;
}

/** The site's segmented switch (fixtures/results, package types, subscription variants). */
export function Segmented<T extends string | number>({ kind, label, options, selected, onSelect, center, panelId }: SegmentedProps<T>) {
  const tabs = kind === "tabs";
  return (
    <div className={center ? "page-segmented page-segmented--center" : "page-segmented"} role={tabs ? "tablist" : "radiogroup"} aria-label={label}>
      {options.map((o) => {
        const on = o.id === selected;
        return (
          <button
            key={o.id}
            type="button"
            role={tabs ? "tab" : "radio"}
            id={panelId ? `${panelId(o.id)}-tab` : undefined}
            aria-controls={panelId ? panelId(o.id) : undefined}
            aria-selected={tabs ? on : undefined}
            aria-checked={tabs ? undefined : on}
            className={on ? "page-segmented__option is-active" : "page-segmented__option"}
            onClick={() => onSelect(o.id)}
          >
            {o.label}
          </button>
        );
      })}
    </div>
  );
}
