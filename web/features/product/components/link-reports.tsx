import type { Product } from '../../../../common/schemas/product';
import { LinkReportNotice } from './link-report-notice';
import { ReportLink } from './report-link';

/** Under BUY: an admin's notice of open reports of this product's link, and "Report a broken link" for everyone. */
export function LinkReports({ product }: { product: Product }) {
  return (
    <>
      <LinkReportNotice productId={product.id} />
      <ReportLink product={product} />
    </>
  );
}
