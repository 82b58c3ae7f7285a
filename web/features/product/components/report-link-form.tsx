import { useState, type FormEvent } from 'react';
import { REQUEST_TEXTS } from '../../../../common/texts/requests';
import { REPORT_NOTE_MAX_LENGTH } from '../../../../common/requests';
import type { Product } from '../../../../common/schemas/product';
import { linkReportInputSchema } from '../../../../common/schemas/requests';
import { FormFailure } from '../../../components/ui/form-failure';
import { FormThanks } from '../../../components/ui/form-thanks';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { usePreferences } from '../../../lib/preferences';
import { useForm } from '../../../lib/use-form';
import { useReportLink } from '../api/report-link';

const FIELD_ORDER = ['note'] as const;

const fieldFor = (message: string, status: number) => (status === 400 && message.startsWith('note') ? 'note' : undefined);

/**
 * The broken-link report (issue 16): an optional note, and the visitor's chosen agent when BUY builds an agent's
 * link for this product (a plain store link goes nowhere else). Then a thanks.
 */
export default function ReportLinkForm({ id, product, onClose }: { id: string; product: Product; onClose: () => void }) {
  const report = useReportLink(product.id);
  const { agent } = usePreferences();
  const [sent, setSent] = useState(false);
  const form = useForm(FIELD_ORDER, { note: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.validate(linkReportInputSchema);
    if (!data) return;
    const viaAgent = product.sourcePlatform ? agent : null;
    report.mutate({ ...data, agent: viaAgent }, { onSuccess: () => setSent(true), onError: (err) => form.fail(err, fieldFor) });
  };

  if (sent) {
    return (
      <FormThanks
        id={id}
        className="report-form report-sent"
        message={REQUEST_TEXTS.reportThanks}
        action={REQUEST_TEXTS.close}
        onAction={onClose}
      />
    );
  }

  return (
    <form id={id} className="report-form" onSubmit={submit} noValidate aria-label={REQUEST_TEXTS.reportTitle}>
      <p className="report-intro">{REQUEST_TEXTS.reportIntro}</p>
      <TextAreaField label={REQUEST_TEXTS.noteLabel} rows={3} {...form.field('note')} maxLength={REPORT_NOTE_MAX_LENGTH} />
      <FormFailure message={form.errors.form ?? null} />
      <div className="report-actions">
        <button type="submit" className="button button-primary button-small" disabled={report.isPending}>
          {report.isPending ? REQUEST_TEXTS.sending : REQUEST_TEXTS.report}
        </button>
        <button type="button" className="button button-ghost button-small" onClick={onClose}>
          {REQUEST_TEXTS.cancel}
        </button>
      </div>
    </form>
  );
}
