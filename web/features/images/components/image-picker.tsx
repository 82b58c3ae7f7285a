import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FILTER_DEBOUNCE_MS } from '../../../../common/constants';
import { Spinner } from '../../../components/ui/spinner';
import { reasonOf } from '../../../lib/errors';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useImages } from '../api/get-images';
import { invalidateCatalogue } from '../../../lib/admin/keys';
import { uploadImage } from '../api/upload-image';
import { checkImageFile } from '../image-checks';

const PICKER_PAGE_SIZE = 12;

/**
 * The item form's picture (issue 15): an uploaded image found by its name, or a new one uploaded right here (the
 * gallery's checks and the server's), without leaving the form for the Images tab.
 */
export function ImagePicker({ onPick }: { onPick: (url: string) => void }) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, FILTER_DEBOUNCE_MS);
  const images = useImages({ page: 1, sort: 'newest', search: query, pageSize: PICKER_PAGE_SIZE });
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    const refusal = await checkImageFile(file);
    if (refusal) {
      setProblem(refusal);
      return;
    }
    setProgress(0);
    try {
      const result = await uploadImage(file, setProgress);
      await invalidateCatalogue(queryClient);
      const [stored] = result.items;
      if (stored) onPick(stored.url);
    } catch (err) {
      setProblem(reasonOf(err));
    } finally {
      setProgress(null);
    }
  };

  return (
    <fieldset className="image-picker">
      <legend>Pick an uploaded image, or upload one</legend>
      <div className="field">
        <label htmlFor="image-picker-search">Search images by name</label>
        <input id="image-picker-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      {images.isPending && <Spinner size="small" label="Loading images" />}
      {images.isError && <p className="field-error">Images could not be loaded: {reasonOf(images.error)}</p>}
      {images.data && images.data.items.length === 0 && <p className="summary">No uploaded image matches.</p>}
      {images.data && images.data.items.length > 0 && (
        <ul className="image-picker-grid">
          {images.data.items.map((image) => (
            <li key={image.id}>
              <button type="button" className="image-picker-choice" onClick={() => onPick(image.url)} aria-label={`Use ${image.name}`}>
                <img src={image.thumbnail} alt="" width={64} height={64} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor="image-picker-upload">Upload a new image (JPEG, PNG or WebP, up to 5 MB)</label>
        <input
          id="image-picker-upload"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={progress !== null}
          onChange={(e) => void upload(e.target.files?.[0])}
        />
      </div>
      {progress !== null && <progress className="upload-progress" max={1} value={progress} aria-label="Uploading the image" />}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
