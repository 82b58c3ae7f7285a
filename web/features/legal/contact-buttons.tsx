import { getSiteConfig } from '../../lib/site-config';

/** The two ways to reach us: the community messaging channel and email. */
export function ContactButtons() {
  const { communityUrl, contactEmail } = getSiteConfig();
  return (
    <div className="legal-contact">
      {communityUrl && (
        <a className="legal-button" href={communityUrl} target="_blank" rel="noopener noreferrer">
          Message us on our community channel
        </a>
      )}
      {contactEmail && (
        <a className="legal-button legal-button-secondary" href={`mailto:${contactEmail}`}>
          Email us
        </a>
      )}
    </div>
  );
}
