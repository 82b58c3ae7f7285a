import { SETUP_TEXTS } from '../../../common/texts/setup';
import { DEMO_PICTURES_KEPT_DAYS, type SetupItem } from '../../../common/setup';
import type { DemoRemoval, SetupStatus } from '../../../common/schemas/setup';
import { demoImageFileName, demoProducts } from '../../db/demo-catalogue';
import type { AccountRepo } from '../account/account.repo';
import type { ChangeLimit, Transact } from '../../db/unit-of-work';
import type { Actor, AuditRepo } from '../audit/audit.repo';
import type { ChangesRepo } from '../changes/changes.repo';
import type { FileRemovalsRepo } from '../images/file-removals.repo';
import { imageKeys } from '../images/image-files';
import type { DemoMarks, SetupRepo } from './setup.repo';
import { DEMO_GUIDE_AUTHOR, DEMO_GUIDES } from '../../db/demo-guides';
import { snapshotOf, type GuidesRepo } from '../guides/guides.repo';

/** Which settings the server was started with: only whether each is set. */
export type SetupSettings = { mail: boolean; google: boolean; publicUrl: boolean; authSecret: boolean; ratesFeed: boolean };

type Facts = Omit<SetupStatus, 'pending' | 'dismissed'>;

/** The items still to do, in the checklist's order: a pure rule over what the server found. */
export function pendingItems(facts: Facts): SetupItem[] {
  const open: Record<SetupItem, boolean> = {
    'referral-codes': facts.agentsWithoutReferral.length > 0,
    'currency-rates': facts.currencyRates === 0 && !facts.ratesFeed,
    mail: !facts.mail,
    google: !facts.google,
    'public-url': !facts.publicUrl,
    'auth-secret': !facts.authSecret,
    'demo-catalogue': facts.demo.products > 0,
  };
  return (Object.keys(open) as SetupItem[]).filter((item) => open[item]);
}

let marks: DemoMarks | undefined;
/** The demo catalogue's links and picture names, as the seed makes them (computed once). */
function demoMarks(): DemoMarks {
  if (!marks) {
    const demo = demoProducts();
    marks = { links: demo.map((p) => p.link), pictureNames: demo.map(demoImageFileName) };
  }
  return marks;
}

export function createSetupService(deps: {
  repo: SetupRepo;
  account: Pick<AccountRepo, 'setupDismissedAt' | 'setSetupDismissedAt'>;
  /** The demo's removal as one change: a unit of work's transaction (server/db/unit-of-work.ts) and the change limit. */
  changing: {
    transaction: Transact<{ setup: SetupRepo; changes: ChangesRepo; fileRemovals: FileRemovalsRepo; audit: AuditRepo; guides: GuidesRepo }>;
    limit: ChangeLimit;
  };
  settings: SetupSettings;
}) {
  const { repo, account, changing, settings } = deps;
  return {
    /** What the site still lacks; `userId` (an admin) adds whether that admin put the checklist away. */
    async status(userId: string | null): Promise<SetupStatus> {
      const [agentsWithoutReferral, currencyRates, demo, dismissedAt] = await Promise.all([
        repo.agentsWithoutReferral(),
        repo.currencyRates(),
        repo.demo(demoMarks()),
        userId ? account.setupDismissedAt(userId) : Promise.resolve(null),
      ]);
      const facts: Facts = { agentsWithoutReferral, currencyRates, demo, ...settings };
      return { pending: pendingItems(facts), dismissed: dismissedAt !== null, ...facts };
    },

    async dismiss(userId: string, dismissed: boolean): Promise<SetupStatus> {
      await account.setSetupDismissedAt(userId, dismissed ? new Date() : null);
      return this.status(userId);
    },

    /**
     * Removes exactly the demo products (their made-up links) and the demo pictures no other item uses, as one bulk
     * change with the starter guides: Undo (/api/admin/products/changes/{id}/undo) brings all back while the pictures'
     * files are kept.
     */
    async removeDemo(actor: Actor): Promise<DemoRemoval> {
      const summary = SETUP_TEXTS.demoSummary;
      const done = await changing.transaction(async ({ setup, changes, fileRemovals, audit, guides }) => {
        const changeId = await changes.open('bulk-edit', summary, actor);
        // The starter guides go with the demo (issue 43); each keeps a 'delete' revision marked with this change, so
        // the change's Undo brings them back with the products (server/modules/guides/guides-change-undo.ts).
        const demoGuides = await guides.demoGuides(
          DEMO_GUIDE_AUTHOR,
          DEMO_GUIDES.map((g) => g.slug),
        );
        const guideRevisions: string[] = [];
        for (const g of demoGuides) {
          guideRevisions.push(await guides.addRevision(g.id, 'delete', snapshotOf(g), actor.email, changeId));
          await guides.delete(g.id);
        }
        const products = await setup.removeDemoProducts(demoMarks(), changeId);
        const pictures = await setup.removeDemoPictures(demoMarks(), changeId, imageKeys);
        // Their files go later, so Undo can still want them.
        await fileRemovals.scheduleLater(pictures.flat(), DEMO_PICTURES_KEPT_DAYS);
        if (products + pictures.length + demoGuides.length === 0) {
          await changes.drop(changeId);
          return { changeId: null, products, pictures: 0 };
        }
        const result = { changeId, products, pictures: pictures.length };
        await audit.record({
          action: 'products-bulk-edit',
          subject: summary,
          actor,
          details: { ...result, action: 'remove-demo', summary, guides: demoGuides.length, guideRevisions },
        });
        return result;
      }, changing.limit);
      return { ...done, summary };
    },
  };
}
export type SetupService = ReturnType<typeof createSetupService>;
