import { thumbnailUrlFor } from '../../../common/media';
import type { AdminQcPhoto, QcPhoto, QcPhotosInput } from '../../../common/schemas/qc';
import { AppError } from '../../errors';
import type { Transact } from '../../db/unit-of-work';
import type { Actor, AuditRepo } from '../audit/audit.repo';
import type { QcPhotoRow, QcProduct, QcRepo } from './qc.repo';

const NOT_FOUND = 'This item does not exist (it may have been deleted already).';

/** A QC photo as the storefront shows it (images are ours, so their WebP copies exist). */
export function toQcPhoto(row: QcPhotoRow): QcPhoto {
  return {
    id: row.imageId,
    url: row.url,
    thumbnail: thumbnailUrlFor(row.url, 320) ?? row.url,
    large: thumbnailUrlFor(row.url, 640) ?? row.url,
    width: row.width,
    height: row.height,
    takenOn: row.takenOn,
  };
}

export function toAdminQcPhoto(row: QcPhotoRow): AdminQcPhoto {
  return {
    imageId: row.imageId,
    name: row.name,
    url: row.url,
    thumbnail: thumbnailUrlFor(row.url, 320) ?? row.url,
    width: row.width,
    height: row.height,
    takenOn: row.takenOn,
  };
}

/** How the audit log names a product (as catalogue.service's productSubject does). */
const subjectOf = (p: QcProduct) => `${p.title} (#${p.number})`;

/** A list as the audit entry keeps it: each image by name, with its day when known. */
const described = (rows: Array<{ name: string; takenOn: string | null }>) =>
  rows.map((r) => (r.takenOn ? `${r.name} (${r.takenOn})` : r.name));

/**
 * A product's QC photos (issue 16). `audit` records each change of a list in the change's own transaction, as a
 * product edit whose changed field is the QC photos.
 */
export function createQcService(repo: QcRepo, transaction: Transact<{ qc: QcRepo; audit: AuditRepo }>) {
  return {
    async list(productId: string): Promise<AdminQcPhoto[]> {
      if (!(await repo.findProduct(productId))) throw new AppError('NOT_FOUND', NOT_FOUND);
      return (await repo.photosOf(productId)).map(toAdminQcPhoto);
    },

    /** What the product page shows, in order. */
    async photos(productId: string): Promise<QcPhoto[]> {
      return (await repo.photosOf(productId)).map(toQcPhoto);
    },

    /**
     * Replaces the product's list with the given one, in its order. Every image must exist (a deleted one is named);
     * a list that changes nothing records nothing.
     */
    async replace(actor: Actor, productId: string, input: QcPhotosInput): Promise<AdminQcPhoto[]> {
      return transaction(async (tx) => {
        const product = await tx.qc.lockProduct(productId);
        if (!product) throw new AppError('NOT_FOUND', NOT_FOUND);
        const names = await tx.qc.existingImages(input.items.map((i) => i.imageId));
        const missing = input.items.map((item, i) => ({ item, i })).filter(({ item }) => !names.has(item.imageId));
        if (missing.length > 0) {
          const which = missing.map(({ i }) => `#${i + 1}`).join(', ');
          throw new AppError(
            'VALIDATION',
            `${missing.length === 1 ? 'QC photo' : 'QC photos'} ${which}: the image does not exist (it may have been deleted). Remove it and try again.`,
          );
        }
        const before = await tx.qc.photosOf(productId);
        const same =
          before.length === input.items.length &&
          before.every((row, i) => row.imageId === input.items[i]?.imageId && row.takenOn === input.items[i]?.takenOn);
        if (same) return before.map(toAdminQcPhoto);
        await tx.qc.replace(productId, input.items);
        const after = await tx.qc.photosOf(productId);
        const details = {
          productId: product.id,
          number: product.number,
          changes: { qcPhotos: { from: before.length, to: after.length } },
          qcPhotos: { before: described(before), after: described(after) },
        };
        await tx.audit.record({ action: 'product-update', subject: subjectOf(product), actor, details });
        return after.map(toAdminQcPhoto);
      });
    },
  };
}
export type QcService = ReturnType<typeof createQcService>;
