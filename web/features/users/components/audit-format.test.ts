import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../../common/schemas/audit';
import { auditSummary, auditTarget, formatDateTime } from './audit-format';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: '1',
  action: 'user-roles',
  subject: 'someone@example.com',
  status: 'succeeded',
  actorEmail: 'admin@example.com',
  details: {},
  createdAt: '2025-03-01T10:00:00.000Z',
  finishedAt: '2025-03-01T10:00:00.000Z',
  ...overrides,
});

describe('audit entry summaries', () => {
  it("summarises a request's or a link report's change by status and product, and a deletion as such", () => {
    const changes = { status: { from: 'new', to: 'added' }, product: { from: null, to: '#12 Yeezy slide' } };
    expect(auditSummary(entry({ action: 'request-update', subject: 'yeezy slides', details: { requestId: 'r', changes } }))).toBe(
      'Changed status new → added, product (none) → #12 Yeezy slide',
    );
    const report = entry({
      action: 'link-report-update',
      subject: '#12 Yeezy slide',
      details: { changes: { status: { from: 'new', to: 'rejected' } } },
    });
    expect(auditSummary(report)).toBe('Changed status new → rejected');
    expect(auditTarget(report)).toBe('#12 Yeezy slide');
    expect(auditSummary(entry({ action: 'link-report-delete', subject: '#12 Yeezy slide' }))).toBe('Deleted');
  });

  it('summarises a change of currency rates by the rates before and after', () => {
    const changes = { EUR: { from: 0.92, to: 0.93 }, GBP: { from: 0.79, to: null } };
    expect(auditSummary(entry({ action: 'currency-rates', subject: 'EUR, GBP', details: { base: 'USD', changes } }))).toBe(
      'Changed EUR 0.92 → 0.93, GBP 0.79 → (none)',
    );
  });

  it('names the roles a change granted and revoked', () => {
    const details = { userId: 'u', before: { isAdmin: false, isDev: true }, after: { isAdmin: true, isDev: false } };
    expect(auditSummary(entry({ details }))).toBe('Admin granted, Developer revoked');
    expect(auditTarget(entry({ details }))).toBe('someone@example.com');
  });

  it('gives the counts and message of a database operation, or its error', () => {
    const details = {
      operation: 'Update Pants Category',
      totalProcessed: 120,
      matchedProducts: 14,
      updatedCount: 12,
      message: 'Pants updated',
    };
    const op = entry({ action: 'bulk-op', subject: 'update-pants', details });
    expect(auditTarget(op)).toBe('Update Pants Category');
    expect(auditSummary(op)).toBe('120 processed, 14 matched, 12 updated. Pants updated');
    const failed = entry({ action: 'bulk-op', subject: 'add-gender', status: 'failed', details: { error: 'statement timeout' } });
    expect(auditTarget(failed)).toBe('Add Gender Property');
    expect(auditSummary(failed)).toBe('Error: statement timeout');
  });

  it("summarises an item edit by the fields it changed, each from and to, in the reader's terms", () => {
    const details = {
      productId: 'p',
      number: 7,
      changes: {
        price: { from: 12, to: 15 },
        category: { from: 'Shoes', to: 'Sneakers' },
        isBestProduct: { from: false, to: true },
        brand: { from: '', to: 'Acme' },
        image: { from: '/media/items/1_a_coat.png', to: null },
      },
    };
    const edited = entry({ action: 'product-update', subject: 'Field Jacket (#7)', details });
    expect(auditTarget(edited)).toBe('Field Jacket (#7)');
    expect(auditSummary(edited)).toBe(
      'Changed price $12.00 → $15.00, category Shoes → Sneakers, best product no → yes, brand (none) → Acme, image 1_a_coat.png → (none)',
    );
    const long = entry({ action: 'product-update', details: { changes: { description: { from: 'x'.repeat(199), to: 'short' } } } });
    expect(auditSummary(long)).toBe(`Changed description ${'x'.repeat(39)}… → short`);
  });

  it('summarises created and deleted items, categories and images', () => {
    expect(auditSummary(entry({ action: 'product-create', details: { values: { category: 'Shoes' } } }))).toBe('Created in Shoes');
    expect(auditSummary(entry({ action: 'product-create', details: { values: { category: null } } }))).toBe('Created');
    expect(auditSummary(entry({ action: 'product-delete', details: { deleted: { title: 'x' } } }))).toBe('Deleted');
    expect(auditSummary(entry({ action: 'category-create', details: { values: { name: 'Boots' } } }))).toBe('Created');
    expect(auditSummary(entry({ action: 'category-create', details: { defaults: true, names: ['Shoes', 'Hats'] } }))).toBe(
      'Created 2 default categories: Shoes, Hats',
    );
    const renamed = { changes: { name: { from: 'Shoes', to: 'Sneakers' } }, productsRenamed: 3 };
    expect(auditSummary(entry({ action: 'category-update', details: renamed }))).toBe(
      'Changed name Shoes → Sneakers; 3 products renamed with it',
    );
    expect(auditSummary(entry({ action: 'category-update', details: { changes: { relevance: { from: 1, to: 2 } } } }))).toBe(
      'Changed sort number 1 → 2',
    );
    expect(auditSummary(entry({ action: 'category-delete', details: { productsMoved: 2, movedTo: 'Boots' } }))).toBe(
      'Deleted; 2 products moved to Boots',
    );
    expect(auditSummary(entry({ action: 'category-delete', details: { productsMoved: 1, movedTo: null } }))).toBe(
      'Deleted; 1 product left without a category',
    );
    expect(auditSummary(entry({ action: 'category-delete', details: { productsMoved: 0, movedTo: null } }))).toBe('Deleted');
    const images = [{ name: 'a.png' }, { name: 'b.png' }, { name: 'c.png' }];
    expect(auditSummary(entry({ action: 'image-upload', details: { images, totalBytes: 3 * 1024 * 1024 } }))).toBe(
      'Uploaded 3 images (3 MB)',
    );
    expect(auditSummary(entry({ action: 'image-upload', details: { images: [{}], totalBytes: 2048 } }))).toBe('Uploaded 1 image (2 KB)');
    expect(auditSummary(entry({ action: 'image-delete', details: { productsCleared: 2 } }))).toBe('Deleted; 2 products lost their image');
    expect(auditSummary(entry({ action: 'image-delete', details: { productsCleared: 0 } }))).toBe('Deleted');
    expect(auditTarget(entry({ action: 'image-delete', subject: '1700_ab_coat.png' }))).toBe('1700_ab_coat.png');
    expect(auditSummary(entry({ action: 'product-import', details: { created: 12, updated: 3, skipped: 0 } }))).toBe('12 added, 3 updated');
    expect(auditSummary(entry({ action: 'product-import', details: { created: 1, updated: 0, skipped: 2, message: 'Cancelled' } }))).toBe(
      '1 added, 0 updated, 2 skipped; Cancelled',
    );
    expect(auditSummary(entry({ action: 'products-bulk-edit', details: { changed: 4, selected: 5 } }))).toBe(
      '4 of 5 selected items changed',
    );
    expect(auditSummary(entry({ action: 'change-undo', details: { restored: 5, skipped: 0 } }))).toBe('5 products put back');
    expect(auditSummary(entry({ action: 'change-undo', details: { restored: 4, skipped: 1 } }))).toBe(
      '4 products put back, 1 changed since and left as they are',
    );
  });

  it('leaves out details it does not understand', () => {
    expect(auditSummary(entry({ action: 'product-update', details: { changes: 'price' } }))).toBe('No details');
    expect(auditSummary(entry({ action: 'image-upload', details: {} }))).toBe('No details');
    expect(auditSummary(entry({ details: { before: 'yes' } }))).toBe('No details');
    expect(auditSummary(entry({ action: 'bulk-op', subject: 'mystery', status: 'running', details: {} }))).toBe('No details');
    expect(auditTarget(entry({ action: 'bulk-op', subject: 'mystery' }))).toBe('mystery');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});
