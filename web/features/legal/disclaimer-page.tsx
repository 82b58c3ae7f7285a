import { DISCLAIMER_TEXTS as T } from '../../../common/texts/legal';
import { LEGAL_TITLES } from '../../../common/texts/storefront-later';
import { LegalPage, LegalSection } from './legal-page';

export default function DisclaimerPage() {
  return (
    <LegalPage page="disclaimer" title={LEGAL_TITLES.disclaimer}>
      <LegalSection id="disclaimer-as-is" title={T.asIsTitle}>
        <p>{T.asIs}</p>
      </LegalSection>
      <LegalSection id="disclaimer-prices" title={T.pricesTitle}>
        <p>{T.prices}</p>
      </LegalSection>
      <LegalSection id="disclaimer-availability" title={T.availabilityTitle}>
        <p>{T.availability}</p>
      </LegalSection>
      <LegalSection id="disclaimer-links" title={T.linksTitle}>
        <p>{T.links}</p>
      </LegalSection>
      <LegalSection id="disclaimer-liability" title={T.liabilityTitle}>
        <p>{T.liability}</p>
      </LegalSection>
      <LegalSection id="disclaimer-seller" title={T.sellerTitle}>
        <p>{T.seller}</p>
      </LegalSection>
      <LegalSection id="disclaimer-permitted" title={T.permittedTitle}>
        <p>{T.permitted}</p>
        <ul>
          {Object.entries(T.permittedList).map(([key, text]) => (
            <li key={key}>{text}</li>
          ))}
        </ul>
      </LegalSection>
      <LegalSection id="disclaimer-prohibited" title={T.prohibitedTitle}>
        <p>{T.prohibited}</p>
        <ul>
          {Object.entries(T.prohibitedList).map(([key, text]) => (
            <li key={key}>{text}</li>
          ))}
        </ul>
      </LegalSection>
      <LegalSection id="disclaimer-law" title={T.lawTitle}>
        <p>{T.law}</p>
      </LegalSection>
      <LegalSection id="disclaimer-acceptance" title={T.acceptanceTitle}>
        <p>{T.acceptance}</p>
      </LegalSection>
    </LegalPage>
  );
}
