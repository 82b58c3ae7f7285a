import { useEffect, useState } from 'react';
import { IMAGE_GALLERY_PAGE_SIZE } from '../../../../common/admin-constants';
import { ADMIN_TEXTS, withReason } from '../../../../common/texts/admin';
import { QC_ADMIN_TEXTS } from '../../../../common/texts/qc-admin';
import { IMAGE_SORTS, type ImageInfo, type ImageSort } from '../../../../common/schemas/image';
import { pageCount } from '../../../../common/schemas/paging';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Pager } from '../../../components/ui/pager';
import { LoadStatus } from '../../../components/ui/load-status';
import { useToast } from '../../../components/ui/toast';
import { useCategories } from '../../../lib/categories';
import { reasonOf } from '../../../lib/errors';
import { useDeleteImage } from '../api/delete-image';
import { useImages } from '../api/get-images';
import { plural } from '../../../lib/admin/format';
import { ImageCard } from './image-card';
import { ImageUploader } from './image-uploader';
import './images.css';

const SORT_LABELS: Record<ImageSort, string> = { newest: ADMIN_TEXTS.newest, oldest: ADMIN_TEXTS.oldest };

/** Image Management (spec section 2): upload, then a paged gallery of 5, each image with the one item form (compact). */
export function ImagesTab() {
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<ImageSort>('newest');
  const images = useImages({ page, sort });
  const categories = useCategories();
  // Here rather than in the card: the card leaves the page once its image is gone, the answer must still show.
  const remove = useDeleteImage();
  const [deleting, setDeleting] = useState<ImageInfo | null>(null);
  // The pictures just uploaded: the newest one's form takes the focus, so typing the item's name comes next.
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const focusId = images.data?.items.find((i) => fresh.has(i.id))?.id;
  const total = images.data?.total ?? 0;
  const pages = pageCount(total, IMAGE_GALLERY_PAGE_SIZE);

  useEffect(() => {
    if (categories.isError) toast(withReason(ADMIN_TEXTS.failedToLoadCategories, reasonOf(categories.error)), 'error');
  }, [categories.isError, categories.error, toast]);
  // After deleting the last image of the last page, show the page before it.
  if (images.data && !images.isPlaceholderData && page > pages) setPage(pages);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      // The image is gone; files the storage kept for now are removed later by the server (issue 25), which is said.
      onSuccess: (result) =>
        toast(
          result.filesPending > 0 ? `${ADMIN_TEXTS.imageDeleted}. ${ADMIN_TEXTS.imageFilesPending}` : ADMIN_TEXTS.imageDeleted,
          'success',
        ),
      onError: (err) => toast(withReason(ADMIN_TEXTS.failedToDeleteImage, reasonOf(err)), 'error'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <div className="admin-section">
      <ImageUploader
        onUploaded={(ids) => {
          setFresh(new Set(ids));
          setSort('newest');
          setPage(1);
        }}
      />

      <section className="gallery" aria-labelledby="gallery-title" aria-busy={images.isFetching}>
        <div className="section-bar">
          <h3 id="gallery-title">Uploaded images{images.data ? <span className="count"> ({total})</span> : null}</h3>
          <div className="segmented" role="group" aria-label="Order">
            {IMAGE_SORTS.map((s) => (
              <button
                key={s}
                type="button"
                className="segment"
                aria-pressed={sort === s}
                onClick={() => {
                  setSort(s);
                  setPage(1);
                }}
              >
                {SORT_LABELS[s]}
              </button>
            ))}
          </div>
          <button type="button" className="button button-ghost" onClick={() => void images.refetch()} disabled={images.isFetching}>
            {ADMIN_TEXTS.refresh}
          </button>
        </div>

        <LoadStatus
          loading={images.isPending}
          loadingLabel="Loading images"
          failure={images.isError && withReason(ADMIN_TEXTS.failedToLoadImages, reasonOf(images.error))}
          onRetry={() => void images.refetch()}
        />
        {images.data && images.data.items.length === 0 && !images.isError && (
          <div className="status status-empty">
            <p>No images yet. Upload some above.</p>
          </div>
        )}
        {images.data && images.data.items.length > 0 && (
          <>
            <p className="summary">
              Showing {(page - 1) * IMAGE_GALLERY_PAGE_SIZE + 1}–{Math.min(page * IMAGE_GALLERY_PAGE_SIZE, total)} of{' '}
              {plural(total, 'image')}
            </p>
            <ul className="image-grid">
              {images.data.items.map((image) => (
                <ImageCard
                  key={image.id}
                  image={image}
                  categories={categories.data ?? []}
                  onDelete={() => setDeleting(image)}
                  autoFocus={image.id === focusId}
                />
              ))}
            </ul>
          </>
        )}
        <Pager page={page} pageCount={pages} onChange={setPage} label="Image pages" />
      </section>

      {deleting && (
        <ConfirmDialog title="Delete image?" busy={remove.isPending} onConfirm={confirmDelete} onCancel={() => setDeleting(null)}>
          <p>
            <strong>{deleting.name}</strong> and its thumbnails will be deleted. This cannot be undone.
          </p>
          {deleting.usedBy > 0 && (
            <p>{plural(deleting.usedBy, 'item')} show this image; they will show no picture until you choose another.</p>
          )}
          {deleting.qcUsedBy > 0 && <p>{QC_ADMIN_TEXTS.deleteRemoves(plural(deleting.qcUsedBy, 'item'))}</p>}
        </ConfirmDialog>
      )}
    </div>
  );
}
