import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { MAX_UPLOAD_BYTES, UPLOAD_CONCURRENCY } from '../../../../common/admin-constants';
import { ADMIN_TEXTS, withReason } from '../../../../common/texts/admin';
import { useToast } from '../../../components/ui/toast';
import { reasonOf } from '../../../lib/errors';
import { uploadImage } from '../api/upload-image';
import { invalidateCatalogue } from '../../../lib/admin/keys';
import { checkImageFile } from '../image-checks';
import { formatBytes } from '../../../lib/admin/format';
import './images.css';

type Status = 'checking' | 'ready' | 'invalid' | 'uploading' | 'failed';
type Entry = { id: number; file: File; preview: string; status: Status; progress: number; error: string | null };

const ACCEPT = 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp';

/** Runs `task` over `items`, `limit` at a time. */
async function eachLimit<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Multi-file upload (spec sections 2 and 5): previews, a check of each file before sending, a progress bar per
 * file. Files that pass are sent as soon as they are chosen or dropped (issue 28: one action fewer per product,
 * decision 0059); Upload sends again those that failed. Files that fail stay in the list with their reason, so
 * nothing chosen is lost. `onUploaded` hears the new images' ids.
 */
export function ImageUploader({ onUploaded }: { onUploaded: (ids: string[]) => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const inputId = useId();
  const hintId = useId();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [uploading, setUploading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const nextId = useRef(1);
  const previews = useRef(new Set<string>());

  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const patch = (id: number, change: Partial<Entry>) => setEntries((all) => all.map((e) => (e.id === id ? { ...e, ...change } : e)));
  const drop = (ids: Set<number>) =>
    setEntries((all) =>
      all.filter((e) => {
        if (!ids.has(e.id)) return true;
        URL.revokeObjectURL(e.preview);
        previews.current.delete(e.preview);
        return false;
      }),
    );

  const add = (files: FileList | File[]) => {
    setMessage(null);
    const added = [...files].map((file) => {
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      return { id: nextId.current++, file, preview, status: 'checking' as const, progress: 0, error: null };
    });
    setEntries((all) => [...all, ...added]);
    setUploading(true);
    void Promise.all(
      added.map(async (entry): Promise<Entry | null> => {
        const error = await checkImageFile(entry.file);
        patch(entry.id, error ? { status: 'invalid', error } : { status: 'ready' });
        return error ? null : entry;
      }),
    ).then((checked) => {
      const ready = checked.filter((e): e is Entry => e !== null);
      if (ready.length > 0) return send(ready);
      setUploading(false);
    });
  };

  /** Upload: those that failed again, or the spec's message when there is nothing to send. */
  const upload = async () => {
    const ready = entries.filter((e) => e.status === 'ready' || e.status === 'failed');
    if (ready.length === 0) {
      const text = entries.some((e) => e.status === 'invalid') ? ADMIN_TEXTS.invalidImageType : ADMIN_TEXTS.noImagesSelected;
      setMessage(text);
      toast(text, 'error');
      return;
    }
    setUploading(true);
    await send(ready);
  };

  const send = async (ready: Entry[]) => {
    setMessage(null);
    const done = new Set<number>();
    const ids: string[] = [];
    const failures: string[] = [];
    await eachLimit(ready, UPLOAD_CONCURRENCY, async (entry) => {
      patch(entry.id, { status: 'uploading', progress: 0, error: null });
      try {
        const result = await uploadImage(entry.file, (progress) => patch(entry.id, { progress }));
        done.add(entry.id);
        ids.push(...result.items.map((i) => i.id));
      } catch (err) {
        const reason = reasonOf(err);
        failures.push(reason);
        patch(entry.id, { status: 'failed', error: reason });
      }
    });
    drop(done);
    setUploading(false);
    if (done.size > 0) {
      toast(ADMIN_TEXTS.uploaded(done.size), 'success');
      await invalidateCatalogue(queryClient);
      onUploaded(ids);
    }
    // Once per reason: a storage that cannot write refuses every file with the same sentence.
    if (failures.length > 0) toast(withReason(ADMIN_TEXTS.failedToUpload, [...new Set(failures)].join(' ')), 'error');
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading && event.dataTransfer.files.length > 0) add(event.dataTransfer.files);
  };

  const pending = entries.filter((e) => e.status !== 'invalid').length;
  return (
    <section className="uploader" aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`}>Upload images</h3>
      <div
        className={`dropzone${dragging ? ' is-dragging' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <label htmlFor={inputId} className="button button-ghost">
          Choose images
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          multiple
          accept={ACCEPT}
          disabled={uploading}
          aria-describedby={hintId}
          onChange={(e) => {
            if (e.target.files?.length) add(e.target.files);
            e.target.value = '';
          }}
        />
        <p id={hintId} className="dropzone-hint">
          or drop them here. JPEG, PNG or WebP, up to {formatBytes(MAX_UPLOAD_BYTES)} each.
        </p>
      </div>

      {entries.length > 0 && (
        <ul className="upload-list" aria-label="Chosen images">
          {entries.map((entry) => (
            <li key={entry.id} className={`upload-item upload-${entry.status}`}>
              {entry.status === 'invalid' ? (
                <span className="upload-thumb-missing" aria-hidden="true" />
              ) : (
                <img src={entry.preview} alt="" width={56} height={56} />
              )}
              <div className="upload-info">
                <span className="upload-name">{entry.file.name}</span>
                <span className="upload-size">{formatBytes(entry.file.size)}</span>
                {entry.status === 'uploading' && (
                  <progress max={1} value={entry.progress} aria-label={`Uploading ${entry.file.name}`}>
                    {Math.round(entry.progress * 100)}%
                  </progress>
                )}
                {entry.error && <span className="field-error">{entry.error}</span>}
              </div>
              <button
                type="button"
                className="icon-button"
                onClick={() => drop(new Set([entry.id]))}
                disabled={entry.status === 'uploading'}
                aria-label={`Remove ${entry.file.name}`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}

      {/* The toast announces it; this copy stays beside the button. */}
      {message && <p className="field-error">{message}</p>}
      <div className="uploader-actions">
        <button type="button" className="button button-primary" onClick={() => void upload()} disabled={uploading}>
          {uploading ? ADMIN_TEXTS.uploading : pending > 1 ? `${ADMIN_TEXTS.upload} ${pending} images` : ADMIN_TEXTS.upload}
        </button>
        {entries.length > 0 && !uploading && (
          <button type="button" className="button button-ghost" onClick={() => drop(new Set(entries.map((e) => e.id)))}>
            Clear
          </button>
        )}
      </div>
    </section>
  );
}
