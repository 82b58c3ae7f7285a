import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { QC_TEXTS } from '../../../../common/texts/qc';
import type { QcPhoto } from '../../../../common/schemas/qc';
import { Dialog } from '../../../components/ui/dialog';

/** A horizontal move of at least this many pixels, more sideways than up or down, is a swipe. */
const SWIPE_MIN_PX = 40;

type Props = {
  title: string;
  photos: QcPhoto[];
  start: number;
  /** With the photo shown last: its thumbnail takes the focus back. */
  onClose: (last: number) => void;
};

/**
 * The QC photo viewer (its own chunk), in the modal <dialog>: Left and Right (or a swipe) move one photo, Home and
 * End to the first and last, Escape closes. Where it stands ("3 of 12") is announced as it moves; each picture has
 * its size before it loads, so nothing moves while it does.
 */
export default function QcViewer({ title, photos, start, onClose }: Props) {
  const [index, setIndex] = useState(() => Math.min(Math.max(start, 0), photos.length - 1));
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);
  const n = photos.length;
  const photo = photos[index];
  const go = (to: number) => setIndex(Math.min(Math.max(to, 0), n - 1));
  const close = () => onClose(index);

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: n - 1 };
    const to = moves[event.key];
    if (to === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    go(to);
  };
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') return;
    swipe.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = swipe.current;
    swipe.current = null;
    if (!from || from.id !== event.pointerId) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy)) return;
    go(dx < 0 ? index + 1 : index - 1);
  };

  if (!photo) return null;
  return (
    <Dialog title={QC_TEXTS.viewerTitle(title)} onClose={close} className="qc-viewer">
      {/* Keys are read on the whole dialog, whichever of its buttons has the focus; each move has a button too. */}
      <div className="qc-viewer-body" onKeyDown={onKeyDown}>
        <div className="qc-stage" onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerCancel={() => (swipe.current = null)}>
          <img
            key={photo.id}
            src={photo.large}
            srcSet={`${photo.thumbnail} 320w, ${photo.large} 640w, ${photo.url} ${photo.width}w`}
            sizes="(max-width: 768px) 100vw, 900px"
            alt={QC_TEXTS.photoAlt(title, index + 1, n)}
            width={photo.width}
            height={photo.height}
            decoding="async"
            draggable={false}
          />
        </div>
        <div className="qc-viewer-bar">
          <button type="button" className="button button-ghost button-small" onClick={() => go(index - 1)} aria-disabled={index === 0}>
            <span aria-hidden="true">‹ </span>
            {QC_TEXTS.previous}
          </button>
          <p className="qc-position" aria-live="polite" aria-atomic="true">
            {QC_TEXTS.position(index + 1, n)}
            {photo.takenOn && <span className="qc-viewer-day"> · {QC_TEXTS.takenOn(photo.takenOn)}</span>}
          </p>
          <button type="button" className="button button-ghost button-small" onClick={() => go(index + 1)} aria-disabled={index === n - 1}>
            {QC_TEXTS.next}
            <span aria-hidden="true"> ›</span>
          </button>
        </div>
        <p className="qc-hint">{QC_TEXTS.hint}</p>
        <button type="button" className="button button-primary qc-close" onClick={close} autoFocus>
          {QC_TEXTS.close}
        </button>
      </div>
    </Dialog>
  );
}
