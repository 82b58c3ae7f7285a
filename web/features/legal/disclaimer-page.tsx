import { LegalPage, LegalSection } from './legal-page';

export default function DisclaimerPage() {
  return (
    <LegalPage page="disclaimer" title="Disclaimer">
      <LegalSection id="disclaimer-as-is" title="Information provided as is">
        <p>
          Finder collects product information to help you discover items. We try to keep it accurate, but it is provided "as is", without
          any warranty that it is complete, current or fit for a particular purpose.
        </p>
      </LegalSection>
      <LegalSection id="disclaimer-prices" title="Prices">
        <p>
          Prices shown on Finder are approximate. The price you pay is set by the linked store at the moment you order, and may differ
          because of currency rates, shipping, fees or changes the store makes.
        </p>
      </LegalSection>
      <LegalSection id="disclaimer-availability" title="Availability">
        <p>
          An item listed on Finder may be sold out, changed or withdrawn at the store. We do not guarantee that any item, size or colour is
          available.
        </p>
      </LegalSection>
      <LegalSection id="disclaimer-links" title="Third-party links">
        <p>
          Product links take you to sites run by others. We do not control or endorse those sites, their products or their policies; read
          their terms before you buy. Some links are referral links that may earn us a commission at no extra cost to you.
        </p>
      </LegalSection>
      <LegalSection id="disclaimer-liability" title="Limitation of liability">
        <p>
          As far as the law allows, Finder is not liable for any loss arising from your use of the site or of the stores it links to,
          including lost orders, delivery problems or differences between the listing and the item you receive.
        </p>
      </LegalSection>
      <LegalSection id="disclaimer-seller" title="We are not a seller">
        <p>
          Finder does not sell anything. Orders, payment, shipping, returns and refunds are all handled by the retailer you buy from;
          contact them about any order.
        </p>
      </LegalSection>
      <LegalSection id="disclaimer-permitted" title="Permitted use">
        <p>You are welcome to:</p>
        <ul>
          <li>browse and search the catalogue;</li>
          <li>share links to Finder and its products;</li>
          <li>create an account;</li>
          <li>send us feedback and suggestions.</li>
        </ul>
      </LegalSection>
      <LegalSection id="disclaimer-prohibited" title="Prohibited use">
        <p>You may not:</p>
        <ul>
          <li>scrape the catalogue for commercial purposes;</li>
          <li>collect data from the site with bots or other automated means;</li>
          <li>use the site for fraud or to mislead others;</li>
          <li>infringe copyright or other rights in the site's content and images.</li>
        </ul>
      </LegalSection>
      <LegalSection id="disclaimer-law" title="Governing law">
        <p>
          This disclaimer is governed by the laws of the country in which Finder's operator is established, without affecting any mandatory
          consumer protection you have where you live.
        </p>
      </LegalSection>
      <LegalSection id="disclaimer-acceptance" title="Acceptance">
        <p>By using Finder you accept this disclaimer. If you do not agree with it, please do not use the site.</p>
      </LegalSection>
    </LegalPage>
  );
}
