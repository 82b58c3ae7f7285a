import type { StorefrontSettings } from '../../../common/schemas/storefront-settings';
import type { Transact } from '../../db/unit-of-work';
import type { Actor, AuditRepo } from '../audit/audit.repo';
import type { StorefrontSettingsRepo } from './storefront-settings.repo';

/**
 * The storefront's settings (issue 40): what to do with products without a picture. A change is one transaction with
 * its audit entry; the products it shows or hides are written again in it, so every process drops its kept answers
 * and the search index catches up (visibility.ts reads the setting in each statement).
 */
export function createStorefrontSettingsService(
  repo: Pick<StorefrontSettingsRepo, 'read'>,
  transaction: Transact<{ storefrontSettings: StorefrontSettingsRepo; audit: AuditRepo }>,
) {
  return {
    read: (): Promise<StorefrontSettings> => repo.read(),

    async update(actor: Actor, settings: StorefrontSettings): Promise<StorefrontSettings> {
      return transaction(async ({ storefrontSettings, audit }) => {
        const before = await storefrontSettings.setMissingPictures(settings.missingPictures);
        if (before === settings.missingPictures) return settings;
        const products = await storefrontSettings.touchWithoutPicture();
        await audit.record({
          action: 'storefront-settings-update',
          subject: 'Products without a picture',
          actor,
          details: { changes: { missingPictures: { from: before, to: settings.missingPictures } }, products },
        });
        return settings;
      });
    },
  };
}
export type StorefrontSettingsService = ReturnType<typeof createStorefrontSettingsService>;
