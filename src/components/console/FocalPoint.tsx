import type { KeyboardEvent, MouseEvent } from "react";

export interface Focal {
  x: number;
  y: number;
}

const STEP = 0.05;
const clamp = (v: number) => Math.round(Math.min(Math.max(v, 0), 1) * 100) / 100;
const percent = (v: number) => `${Math.round(v * 100)}%`;

/**
 * The photo with its focal point: a click on the photo puts the point there, the arrow keys move it
 * (5% a press), and a cross marks it. Every crop the site serves keeps this point in view.
 */
export function FocalPoint({ src, focal, onChange, id, describedBy }: { src: string; focal: Focal; onChange: (focal: Focal) => void; id: string; describedBy?: string | undefined }) {
  function click(event: MouseEvent<HTMLButtonElement>) {
    // A keyboard's Enter or Space also 'clicks' (detail 0): the keys below move the point instead.
    if (event.detail === 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    onChange({ x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) });
  }
  function key(event: KeyboardEvent<HTMLButtonElement>) {
    const moves: Record<string, [number, number]> = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    onChange({ x: clamp(focal.x + move[0]), y: clamp(focal.y + move[1]) });
  }
  const where = `${percent(focal.x)} from the left, ${percent(focal.y)} from the top`;
  return (
    <div className="focal">
      <button
        type="button"
        id={id}
        className="focal__photo"
        onClick={click}
        onKeyDown={key}
        aria-label={`Focal point: ${where}. Click the photo or use the arrow keys to move it.`}
        aria-describedby={describedBy}
      >
        <img src={src} alt="" className="focal__image" draggable={false} />
        <span className="focal__mark" style={{ left: percent(focal.x), top: percent(focal.y) }} aria-hidden="true" />
      </button>
      <p className="focal__where" data-focal={`${focal.x},${focal.y}`}>
        Focal point: {where}
      </p>
    </div>
  );
}
