import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { PHOTO_MAX_BYTES } from '../../../../common/photo-search';
import type { PhotoSearchAnswer } from '../../../../common/schemas/photo-search';
import { PHOTO_TEXTS } from '../../../../common/texts/photo-search';
import { ProductGrid } from '../../../components/product-grid';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useSearchByPhoto, type PhotoQuery } from '../api/search-by-photo';
import { PHOTO_PANEL_ID } from './search-box';
import './photo-search.css';

type Props = {
  /** Closes the panel (its Close button, Escape); focus goes back to the camera button. */
  onClose: () => void;
  /** Whether the panel shows results, so the finder's own list steps aside meanwhile. */
  onShown: (shown: boolean) => void;
};

/** The picture types a browser may hand over that the server reads (by content; a HEIC is refused with a sentence). */
const isPicture = (file: Blob) => file.type === '' || file.type.startsWith('image/');

/**
 * Search by photo (issue 42, decision 0086): a picture taken or chosen (on a phone the file input offers the camera
 * or the gallery), dropped on the panel or pasted anywhere while it is open, or the address of one. The answer lists
 * the products with the same photo, then those with the nearest pictures; a status line says what happens.
 */
export function PhotoSearch({ onClose, onShown }: Props) {
  const ids = useId();
  const search = useSearchByPhoto();
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [answer, setAnswer] = useState<PhotoSearchAnswer | null>(null);
  const [dragging, setDragging] = useState(false);
  const [address, setAddress] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const resultsRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => () => onShown(false), [onShown]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const run = (query: PhotoQuery) => {
    setProblem(null);
    if (query.kind === 'file') {
      if (!isPicture(query.file)) return setProblem(PHOTO_TEXTS.notAPicture);
      if (query.file.size > PHOTO_MAX_BYTES) return setProblem(PHOTO_TEXTS.tooLarge);
      setPreview(URL.createObjectURL(query.file));
    } else setPreview(query.url);
    search.mutate(query, {
      onSuccess: (found) => {
        setAnswer(found);
        onShown(true);
        requestAnimationFrame(() => resultsRef.current?.focus());
      },
      onError: (err) => setProblem(err instanceof ApiError ? err.message : PHOTO_TEXTS.failed),
    });
  };

  // A picture pasted anywhere on the page while the panel is open (a screenshot from the clipboard).
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const file = [...(event.clipboardData?.files ?? [])].find(isPicture);
      if (!file) return;
      event.preventDefault();
      run({ kind: 'file', file });
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  });

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) run({ kind: 'file', file });
  };

  const onAddress = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const url = address.trim();
    if (!/^https?:\/\/\S+$/i.test(url)) return setProblem(PHOTO_TEXTS.addressInvalid);
    run({ kind: 'address', url });
  };

  const count = answer ? answer.same.length + answer.similar.length : 0;
  const status = search.isPending ? PHOTO_TEXTS.searching : answer ? PHOTO_TEXTS.found(count) : '';

  return (
    <section
      id={PHOTO_PANEL_ID}
      className="photo-search"
      aria-labelledby={`${ids}-title`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <div className="photo-search-head">
        <h2 id={`${ids}-title`} ref={headingRef} tabIndex={-1}>
          {PHOTO_TEXTS.title}
        </h2>
        <button type="button" className="button button-ghost" onClick={onClose}>
          {PHOTO_TEXTS.close}
        </button>
      </div>
      <div
        className={dragging ? 'photo-drop photo-drop-over' : 'photo-drop'}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>{PHOTO_TEXTS.intro}</p>
        <label className="button button-primary photo-choose">
          <input
            type="file"
            accept="image/*"
            className="visually-hidden"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) run({ kind: 'file', file });
            }}
          />
          {PHOTO_TEXTS.choose}
        </label>
        <p className="photo-drop-hint">{PHOTO_TEXTS.dropHere}</p>
      </div>
      <form className="photo-address" onSubmit={onAddress} noValidate>
        <label htmlFor={`${ids}-address`}>{PHOTO_TEXTS.addressLabel}</label>
        <div className="photo-address-row">
          <input
            id={`${ids}-address`}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://"
            value={address}
            onChange={(e) => setAddress(e.target.value)}
          />
          <button type="submit" className="button" disabled={search.isPending}>
            {PHOTO_TEXTS.findThisPhoto}
          </button>
        </div>
      </form>
      <p className="photo-status" role="status">
        {search.isPending && <Spinner label="" size="small" />} {status}
      </p>
      {problem && (
        <p className="photo-problem" role="alert">
          {problem}
        </p>
      )}
      {answer && !search.isPending && (
        <div className="photo-results">
          {preview && <img className="photo-preview" src={preview} alt={PHOTO_TEXTS.yourPhoto} />}
          {count === 0 && <p>{PHOTO_TEXTS.noneHint}</p>}
          {answer.same.length > 0 && (
            <>
              <h3 id={`${ids}-same`} ref={resultsRef} tabIndex={-1}>
                {PHOTO_TEXTS.samePhoto}
              </h3>
              <ProductGrid products={answer.same} labelledBy={`${ids}-same`} eager={6} />
            </>
          )}
          {answer.similar.length > 0 && (
            <>
              <h3 id={`${ids}-similar`} ref={answer.same.length === 0 ? resultsRef : undefined} tabIndex={-1}>
                {PHOTO_TEXTS.similar}
              </h3>
              <ProductGrid products={answer.similar} labelledBy={`${ids}-similar`} />
            </>
          )}
          <button
            type="button"
            className="button button-ghost"
            onClick={() => {
              setAnswer(null);
              onShown(false);
              onClose();
            }}
          >
            {PHOTO_TEXTS.clear}
          </button>
        </div>
      )}
    </section>
  );
}
