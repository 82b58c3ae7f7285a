import { LEGAL_TEXTS } from '../../../common/texts/legal';
import { getSiteConfig } from '../../lib/site-config';

/** The two ways to reach us: the community messaging channel and email. */
export function ContactButtons() {
  const { communityUrl, contactEmail } = getSiteConfig();
  return (
    <div className="legal-contact">
      {communityUrl && (
        <a className="legal-button" href={communityUrl} target="_blank" rel="noopener noreferrer">
          {LEGAL_TEXTS.messageUs}
        </a>
      )}
      {contactEmail && (
        <a className="legal-button legal-button-secondary" href={`mailto:${contactEmail}`}>
          {LEGAL_TEXTS.emailUs}
        </a>
      )}
    </div>
  );
}
