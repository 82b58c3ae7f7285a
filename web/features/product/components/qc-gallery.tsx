import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { QC_TEXTS } from '../../../../common/texts/qc';
import type { QcPhoto } from '../../../../common/schemas/qc';
import { Spinner } from '../../../components/ui/spinner';
import './qc.css';

type ViewerProps = { title: string; photos: QcPhoto[]; start: number; onClose: (last: number) => void };

/** Said in place of the viewer when its code could not be fetched (offline, a new deploy); the next click tries again. */
function ViewerFailed({ start, onClose }: ViewerProps) {
  return (
    <p className="qc-failed" role="alert">
      {QC_TEXTS.viewerFailed}{' '}
      <button
        type="button"
        className="link-button"
        onClick={() => {
          QcViewer = viewerComponent();
          onClose(start);
        }}
      >
        {QC_TEXTS.close}
      </button>
    </p>
  );
}

// The viewer is its own chunk: most visitors never open it. Fetched when the pointer or focus comes near.
const loadViewer = () => import('./qc-viewer');
const viewerComponent = () => lazy(() => loadViewer().catch(() => ({ default: ViewerFailed })));
let QcViewer = viewerComponent();
const preloadViewer = () => void loadViewer().catch(() => undefined);

/**
 * A product's QC photos (issue 16): thumbnails in the admin's order, each with its day when known; a thumbnail opens
 * the viewer at that photo, and closing it puts focus back on the thumbnail of the photo last shown.
 */
export function QcGallery({ title, photos, count }: { title: string; photos: QcPhoto[] | undefined; count: number }) {
  const [open, setOpen] = useState<number | null>(null);
  /** The photo the viewer showed last, whose thumbnail takes the focus back once it has closed. */
  const returnTo = useRef<number | null>(null);
  const thumbs = useRef<Array<HTMLButtonElement | null>>([]);

  // After the dialog's own clean-up (a layout effect, which focuses the thumbnail that opened it).
  useEffect(() => {
    if (open === null && returnTo.current !== null) {
      thumbs.current[returnTo.current]?.focus();
      returnTo.current = null;
    }
  }, [open]);

  if (!photos) {
    // A card's product shown at once while its page loads: the photos follow.
    return count > 0 ? (
      <section className="qc" aria-labelledby="qc-title">
        <h2 id="qc-title">{QC_TEXTS.heading(count)}</h2>
        <Spinner label={QC_TEXTS.loading} size="small" />
      </section>
    ) : null;
  }
  if (photos.length === 0) return null;
  const n = photos.length;
  return (
    <section className="qc" aria-labelledby="qc-title" onPointerEnter={preloadViewer} onFocus={preloadViewer}>
      <h2 id="qc-title">{QC_TEXTS.heading(n)}</h2>
      <p className="qc-intro">{QC_TEXTS.intro}</p>
      <ul className="qc-grid">
        {photos.map((photo, i) => (
          <li key={photo.id}>
            <button
              type="button"
              className="qc-thumb"
              ref={(el) => {
                thumbs.current[i] = el;
              }}
              aria-label={QC_TEXTS.openPhoto(i + 1, n, photo.takenOn)}
              aria-haspopup="dialog"
              onClick={() => setOpen(i)}
            >
              <img src={photo.thumbnail} alt="" width={160} height={160} loading="lazy" decoding="async" />
            </button>
            {photo.takenOn && (
              <p className="qc-day" aria-hidden="true">
                {QC_TEXTS.takenOn(photo.takenOn)}
              </p>
            )}
          </li>
        ))}
      </ul>
      {open !== null && (
        <Suspense fallback={<Spinner label={QC_TEXTS.loading} size="small" className="qc-viewer-loading" />}>
          <QcViewer
            title={title}
            photos={photos}
            start={open}
            onClose={(last) => {
              returnTo.current = last;
              setOpen(null);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
