import { ADMIN_TEXTS } from '../../../../common/admin-constants';

/** The spec's placeholders for the Users and Analytics tabs. */
export function ComingSoon({ text }: { text: string }) {
  return (
    <div className="notice">
      <h3>{ADMIN_TEXTS.comingSoon}</h3>
      <p>{text}</p>
    </div>
  );
}
