import { useId, useState, type ComponentType, type Dispatch, type SetStateAction } from 'react';
import { QC_ADMIN_TEXTS } from '../../../../common/texts/qc-admin';
import type { ImageInfo } from '../../../../common/schemas/image';
import { latestToday, QC_PHOTOS_MAX, qcPhotosInputSchema, type AdminQcPhoto, type QcPhotosInputDraft } from '../../../../common/schemas/qc';
import { Spinner } from '../../../components/ui/spinner';
import './items.css';

/** One QC photo as the form holds it: the day as typed (YYYY-MM-DD from the date field, or blank). */
export type QcDraftItem = { imageId: string; name: string; thumbnail: string; takenOn: string };

export const qcDraftOf = (photos: AdminQcPhoto[]): QcDraftItem[] =>
  photos.map((p) => ({ imageId: p.imageId, name: p.name, thumbnail: p.thumbnail, takenOn: p.takenOn ?? '' }));

export const qcInputOf = (items: QcDraftItem[]): QcPhotosInputDraft => ({
  items: items.map((i) => ({ imageId: i.imageId, takenOn: i.takenOn.trim() || null })),
});

/** The same checks as the server's: per photo, the message under it (by index); the list's own under 'list'. */
export function checkQcDraft(items: QcDraftItem[]): Record<string, string> {
  const parsed = qcPhotosInputSchema.safeParse(qcInputOf(items));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const index = issue.path[1];
    const key = typeof index === 'number' ? String(index) : 'list';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The gallery picker the Images area passes in (features never import each other). */
type Picker = ComponentType<{ onPick: (url: string, image: ImageInfo) => void; multiple?: boolean; legend?: string }>;

/**
 * The item form's QC photos (issue 16): picked from the gallery or uploaded there, each with an optional day,
 * reordered with Move up and Move down (the focus stays on the moved photo's button), removed. Every change is
 * announced. Saved with the item.
 */
export function QcPhotosField({
  items,
  onChange,
  imagePicker: ImagePicker,
  loading,
  loadFailed,
  errors,
}: {
  items: QcDraftItem[];
  onChange: Dispatch<SetStateAction<QcDraftItem[]>>;
  imagePicker: Picker;
  loading: boolean;
  loadFailed: string | null;
  errors: Record<string, string>;
}) {
  const id = useId();
  const [picking, setPicking] = useState(false);
  const [said, setSaid] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const latest = latestToday();

  const add = (image: ImageInfo) => {
    setProblem(null);
    // Messages from the list as this render saw it; the update itself reads the list as it is then (several
    // uploads in a row each add to what the one before left).
    if (items.some((i) => i.imageId === image.id)) setProblem(QC_ADMIN_TEXTS.alreadyAdded(image.name));
    else if (items.length >= QC_PHOTOS_MAX) setProblem(QC_ADMIN_TEXTS.tooMany(QC_PHOTOS_MAX));
    else setSaid(QC_ADMIN_TEXTS.added(image.name, items.length + 1));
    onChange((current) =>
      current.some((i) => i.imageId === image.id) || current.length >= QC_PHOTOS_MAX
        ? current
        : [...current, { imageId: image.id, name: image.name, thumbnail: image.thumbnail, takenOn: '' }],
    );
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length) return;
    const next = [...items];
    const [moved] = next.splice(from, 1);
    if (!moved) return;
    next.splice(to, 0, moved);
    onChange(next);
    setSaid(QC_ADMIN_TEXTS.moved(from + 1, to + 1));
  };
  const remove = (index: number) => {
    const gone = items[index];
    onChange(items.filter((_, i) => i !== index));
    if (gone) setSaid(QC_ADMIN_TEXTS.removed(gone.name));
  };
  const setDay = (index: number, takenOn: string) => onChange(items.map((item, i) => (i === index ? { ...item, takenOn } : item)));

  return (
    <fieldset className="form-grid-wide qc-field" aria-describedby={`${id}-hint`}>
      <legend>
        {QC_ADMIN_TEXTS.legend} <span className="qc-field-count">({QC_ADMIN_TEXTS.count(items.length, QC_PHOTOS_MAX)})</span>
      </legend>
      <p className="field-hint" id={`${id}-hint`}>
        {QC_ADMIN_TEXTS.hint}
      </p>
      {loading && <Spinner size="small" label="Loading QC photos" />}
      {loadFailed && (
        <p className="field-error" role="alert">
          {QC_ADMIN_TEXTS.loadFailed} {loadFailed}
        </p>
      )}
      {!loading && !loadFailed && items.length === 0 && <p className="summary">{QC_ADMIN_TEXTS.none}</p>}
      {items.length > 0 && (
        <ol className="qc-field-list">
          {items.map((item, i) => (
            <li key={item.imageId} className="qc-field-item">
              <img src={item.thumbnail} alt={QC_ADMIN_TEXTS.photoAlt(i + 1, item.name)} width={56} height={56} loading="lazy" />
              <div className="qc-field-day">
                <label htmlFor={`${id}-day-${item.imageId}`}>{QC_ADMIN_TEXTS.dayLabel(i + 1)}</label>
                <input
                  id={`${id}-day-${item.imageId}`}
                  type="date"
                  max={latest}
                  value={item.takenOn}
                  aria-invalid={errors[String(i)] ? true : undefined}
                  aria-describedby={errors[String(i)] ? `${id}-error-${item.imageId}` : undefined}
                  onChange={(e) => setDay(i, e.target.value)}
                />
                {errors[String(i)] && (
                  <p className="field-error" id={`${id}-error-${item.imageId}`}>
                    {errors[String(i)]}
                  </p>
                )}
              </div>
              <div className="qc-field-actions">
                <button
                  type="button"
                  className="button button-ghost button-small"
                  aria-label={QC_ADMIN_TEXTS.moveUp(i + 1)}
                  aria-disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                >
                  <span aria-hidden="true">↑</span>
                </button>
                <button
                  type="button"
                  className="button button-ghost button-small"
                  aria-label={QC_ADMIN_TEXTS.moveDown(i + 1)}
                  aria-disabled={i === items.length - 1}
                  onClick={() => move(i, i + 1)}
                >
                  <span aria-hidden="true">↓</span>
                </button>
                <button
                  type="button"
                  className="button button-ghost button-small"
                  aria-label={QC_ADMIN_TEXTS.remove(i + 1)}
                  onClick={() => remove(i)}
                >
                  <span aria-hidden="true">✕</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {errors.list && (
        <p className="field-error" role="alert">
          {errors.list}
        </p>
      )}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {/* Until the saved list is here, a change would replace photos nobody has seen: nothing to add to yet. */}
      {!loading && !loadFailed && (
        <button type="button" className="button button-ghost button-small" aria-expanded={picking} onClick={() => setPicking((p) => !p)}>
          {picking ? QC_ADMIN_TEXTS.closePicker : QC_ADMIN_TEXTS.add}
        </button>
      )}
      {picking && !loading && !loadFailed && <ImagePicker multiple legend={QC_ADMIN_TEXTS.add} onPick={(_url, image) => add(image)} />}
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
    </fieldset>
  );
}
