import { SECURITY_TEXTS as T } from '../../../common/texts/legal';
import { LEGAL_TITLES } from '../../../common/texts/storefront-later';
import { getSiteConfig } from '../../lib/site-config';
import { ContactButtons } from './contact-buttons';
import { LegalPage, LegalSection } from './legal-page';

/** Says only what is true of this installation (issue 13): encryption in transit only when served over HTTPS. */
export default function DataSecurityPage() {
  const { https } = getSiteConfig();
  return (
    <LegalPage page="data-security" title={LEGAL_TITLES.dataSecurity}>
      <LegalSection id="security-commitment" title={T.commitmentTitle}>
        <p>{T.commitment}</p>
      </LegalSection>
      <LegalSection id="security-encryption" title={T.encryptionTitle}>
        <p>{https ? T.encryptionHttps : T.encryptionHttp}</p>
        <p>{T.passwords}</p>
      </LegalSection>
      <LegalSection id="security-backend" title={T.backendTitle}>
        <p>{T.backend}</p>
      </LegalSection>
      <LegalSection id="security-access" title={T.accessTitle}>
        <p>{T.access}</p>
      </LegalSection>
      <LegalSection id="security-monitoring" title={T.monitoringTitle}>
        <p>{T.monitoring}</p>
      </LegalSection>
      <LegalSection id="security-storage" title={T.storageTitle}>
        <p>{T.storage}</p>
      </LegalSection>
      <LegalSection id="security-practices" title={T.practicesTitle}>
        <ul>
          {Object.entries(T.practicesList).map(([key, text]) => (
            <li key={key}>{text}</li>
          ))}
        </ul>
      </LegalSection>
      <LegalSection id="security-incidents" title={T.incidentsTitle}>
        <p>{T.incidents}</p>
      </LegalSection>
      <LegalSection id="security-reporting" title={T.reportingTitle}>
        <p>{T.reporting}</p>
        <ContactButtons />
      </LegalSection>
    </LegalPage>
  );
}
