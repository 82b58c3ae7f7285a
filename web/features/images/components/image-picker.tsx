import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FILTER_DEBOUNCE_MS } from '../../../../common/constants';
import type { ImageInfo } from '../../../../common/schemas/image';
import { Spinner } from '../../../components/ui/spinner';
import { reasonOf } from '../../../lib/errors';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useImages } from '../api/get-images';
import { invalidateCatalogue } from '../../../lib/admin/keys';
import { uploadImage } from '../api/upload-image';
import { checkImageFile } from '../image-checks';
import './images.css';

const PICKER_PAGE_SIZE = 12;

/**
 * The item form's picture (issue 15): an uploaded image found by its name, or a new one uploaded right here (the
 * gallery's checks and the server's), without leaving the form for the Images tab. With `multiple` (the QC photos,
 * issue 16) several files can be uploaded at once, one after the other, each picked as it is stored.
 */
export function ImagePicker({
  onPick,
  multiple = false,
  legend = 'Pick an uploaded image, or upload one',
}: {
  onPick: (url: string, image: ImageInfo) => void;
  multiple?: boolean;
  legend?: string;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, FILTER_DEBOUNCE_MS);
  const images = useImages({ page: 1, sort: 'newest', search: query, pageSize: PICKER_PAGE_SIZE });
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const uploadOne = async (file: File): Promise<boolean> => {
    const refusal = await checkImageFile(file);
    if (refusal) {
      setProblem(refusal);
      return false;
    }
    setProgress(0);
    try {
      const result = await uploadImage(file, setProgress);
      const [stored] = result.items;
      if (stored) onPick(stored.url, stored);
      return true;
    } catch (err) {
      setProblem(reasonOf(err));
      return false;
    }
  };
  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    setProblem(null);
    // One at a time, in the order chosen: a refused file stops the rest, with its reason.
    for (const file of files) if (!(await uploadOne(file))) break;
    setProgress(null);
    await invalidateCatalogue(queryClient);
  };

  return (
    <fieldset className="image-picker">
      <legend>{legend}</legend>
      <div className="field">
        <label htmlFor={`${id}-search`}>Search images by name</label>
        <input id={`${id}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      {images.isPending && <Spinner size="small" label="Loading images" />}
      {images.isError && <p className="field-error">Images could not be loaded: {reasonOf(images.error)}</p>}
      {images.data && images.data.items.length === 0 && <p className="summary">No uploaded image matches.</p>}
      {images.data && images.data.items.length > 0 && (
        <ul className="image-picker-grid">
          {images.data.items.map((image) => (
            <li key={image.id}>
              <button
                type="button"
                className="image-picker-choice"
                onClick={() => onPick(image.url, image)}
                aria-label={`Use ${image.name}`}
              >
                <img src={image.thumbnail} alt="" width={64} height={64} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor={`${id}-upload`}>
          {multiple ? 'Upload new images (JPEG, PNG or WebP, up to 5 MB each)' : 'Upload a new image (JPEG, PNG or WebP, up to 5 MB)'}
        </label>
        <input
          id={`${id}-upload`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple={multiple}
          disabled={progress !== null}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])].slice(0, multiple ? undefined : 1);
            e.target.value = '';
            void upload(files);
          }}
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
