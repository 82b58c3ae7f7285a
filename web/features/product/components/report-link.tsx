import { lazy, Suspense, useState } from 'react';
import { REQUEST_TEXTS } from '../../../../common/texts/requests';
import type { Product } from '../../../../common/schemas/product';
import { Spinner } from '../../../components/ui/spinner';
import './report-link.css';

// The form's code (its schema) loads when the button is first pointed at, focused or pressed.
const loadForm = () => import('./report-link-form');
const ReportLinkForm = lazy(loadForm);
const FORM_ID = 'report-link-form';

/** "Report a broken link": a small disclosure under BUY with a short optional note. */
export function ReportLink({ product }: { product: Product }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="report-link">
      <button
        type="button"
        className="link-button report-link-toggle"
        aria-expanded={open}
        aria-controls={open ? FORM_ID : undefined}
        onPointerEnter={() => void loadForm()}
        onFocus={() => void loadForm()}
        onClick={() => setOpen((v) => !v)}
      >
        {REQUEST_TEXTS.reportTitle}
      </button>
      {open && (
        <Suspense
          fallback={
            <div id={FORM_ID} className="report-form">
              <Spinner label={REQUEST_TEXTS.loadingForm} size="small" />
            </div>
          }
        >
          <ReportLinkForm id={FORM_ID} product={product} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
