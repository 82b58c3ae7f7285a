// The legal pages' texts (spec section 2, issue 13): the Privacy Policy, the Cookies Policy, Data Security and the
// Disclaimer. Their names (the footer links to them) are LEGAL_TITLES in storefront.ts. A sentence with an element
// inside (a link, a term in bold, a cookie's name) is a function whose placeholders the page fills with the element
// (web/lib/rich-text.tsx). No Node or DOM APIs here.

import { i18n, texts } from '../i18n';

/** What every legal page shows. */
export const LEGAL_TEXTS = texts({
  lastUpdated: /*i18n*/ 'Last updated:',
  contactTitle: /*i18n*/ 'Contact us',
  messageUs: /*i18n*/ 'Message us on our community channel',
  emailUs: /*i18n*/ 'Email us',
});

export const PRIVACY_TEXTS = texts({
  intro:
    /*i18n*/ 'Finder is a catalogue that helps you find fashion items and links you to an external store to buy them. This policy explains what Finder keeps when you use it, why, for how long, and the choices you have.',
  collectTitle: /*i18n*/ 'What we collect',
  emailTerm: /*i18n*/ 'Email address',
  email: (term: string) =>
    i18n._(
      '{term}: when you create an account, so you can sign in and, if you ask for it, receive a link to reset your password. You may also give a display name. If you sign in with Google, we keep the name and profile photo address Google shares with us. Your password itself is never stored, only a salted hash of it.',
      { term },
    ),
  usageTerm: /*i18n*/ 'Usage data',
  usage: (term: string) =>
    i18n._(
      "{term}: how often the catalogue is viewed and which products are clicked through to the store, with the product's category and the time. These counts carry no account, address or other identifier, so they cannot be linked to you. We do not record your searches or filters.",
      { term },
    ),
  deviceTerm: /*i18n*/ 'Device information',
  device: (term: string) =>
    i18n._(
      "{term}: when you sign in, your session keeps the IP address and the browser's user-agent string (browser and operating system) it was opened from, to spot misuse. Failed sign-ins are counted per account and per address to slow down password guessing. The server's logs record requests (address, page and time) to troubleshoot problems; they never contain passwords, session tokens or cookies.",
      { term },
    ),
  noPayment: /*i18n*/ "We do not collect payment details: orders, payment and delivery happen on the linked store's own site.",
  sellingTitle: /*i18n*/ 'We do not sell your data',
  selling:
    /*i18n*/ "We never sell, rent or trade your personal data, and Finder has no advertising or third-party tracking. Your data reaches others only where needed to run the site: the hosting and storage that keep Finder running, the email service that delivers password-reset mail, and Google, if you choose to sign in with it. Some product pictures load from the store's or image host's own servers, which then see your IP address, as any website you visit does.",
  rightsTitle: /*i18n*/ 'Your rights',
  rights: (link: string) =>
    i18n._(
      'You can change your display name, email address and password, sign out of every device, and delete your account yourself on your {link}. You can also ask us at any time to:',
      { link },
    ),
  accountPage: /*i18n*/ 'account page',
  rightsList: {
    access: /*i18n*/ 'give you access to the personal data we hold about you;',
    correct: /*i18n*/ 'correct data that is wrong or incomplete;',
    delete: /*i18n*/ 'delete your data and your account;',
    portable: /*i18n*/ 'send you your data in a portable, machine-readable form;',
    email: /*i18n*/ 'stop sending you email: we send only the password-reset messages you ask for, never newsletters;',
    object: /*i18n*/ 'stop using your data for a purpose you object to.',
  },
  answerWithin: /*i18n*/ 'We answer every request within 30 days.',
  retentionTitle: /*i18n*/ 'How long we keep data',
  retentionList: {
    usage: /*i18n*/ 'Usage data is kept for up to 2 years and then deleted.',
    account:
      /*i18n*/ 'Account data is kept while your account exists. When you delete your account, your account, its sessions and its sign-in methods are deleted at once. If you were an administrator, the record of changes you made to the catalogue stays, with your email replaced by "deleted account".',
    session: /*i18n*/ 'A session ends when you sign out, or 30 days after you last used it.',
    links: /*i18n*/ 'A password-reset link, or a link that confirms a new email address, works once, for one hour.',
    counts: /*i18n*/ 'Counts of failed sign-ins, and of requests from one address, are deleted a day after the last one.',
  },
  childrenTitle: /*i18n*/ 'Children',
  children:
    /*i18n*/ 'Finder is not meant for children under 13, and we do not knowingly collect their data. If you believe a child under 13 has given us personal data, contact us and we will delete it.',
  transfersTitle: /*i18n*/ 'International transfers',
  transfers:
    /*i18n*/ "Finder's data stays with the hosting and storage its operator runs it on, which may be in a country other than yours; where it is, we rely on safeguards such as standard contractual clauses so your data keeps the same protection. If you sign in with Google, Google handles that sign-in under its own privacy policy.",
  updatesTitle: /*i18n*/ 'Changes to this policy',
  updates:
    /*i18n*/ "When we change this policy we post the new version on this page and change the 'Last updated' date above. If a change is significant, we also email account holders before it takes effect.",
  contact: /*i18n*/ 'Questions about your privacy, or a request about your data? Reach us here:',
});

export const COOKIES_TEXTS = texts({
  intro:
    /*i18n*/ 'This policy lists every cookie Finder sets in your browser, what each is for and how long it stays, and how you can control them.',
  whatTitle: /*i18n*/ 'What cookies are',
  what: /*i18n*/ 'Cookies are small text files a website stores in your browser. They let the site remember things between pages and visits, such as whether you are signed in.',
  essentialTitle: /*i18n*/ 'Essential cookies',
  essential: /*i18n*/ 'These are set only when you sign in, and the site cannot sign you in without them:',
  session: (cookie: string, prefix: string) =>
    i18n._(
      '{cookie} keeps you signed in. Page scripts cannot read it. It lasts 30 days from your last visit and is removed when you sign out. On an https:// site its name starts with {prefix}, and the browser sends it only over an encrypted connection.',
      { cookie, prefix },
    ),
  state: (cookie: string) =>
    i18n._('{cookie} exists for at most 5 minutes while you sign in with Google, so that nobody else can complete that sign-in for you.', {
      cookie,
    }),
  performanceTitle: /*i18n*/ 'Performance cookies',
  performance:
    /*i18n*/ 'Finder sets no performance cookies. We count catalogue views and clicks through to the store without any cookie or identifier, so those counts cannot be linked to you.',
  functionalTitle: /*i18n*/ 'Functional cookies',
  functional: (cookie: string) =>
    i18n._(
      "{cookie} holds one random number: the order in which the catalogue is shown to you, so products do not jump around while you scroll, reload or come back from a product page. It is deleted when you close your browser. Your filters and searches are kept in the page's address, not in a cookie.",
      { cookie },
    ),
  managingTitle: /*i18n*/ 'Managing cookies in your browser',
  managing:
    /*i18n*/ 'Every major browser lets you see, block and delete cookies in its settings (usually under Privacy or Site data). Blocking the essential cookies stops you from signing in. Blocking the functional one only means the catalogue is shuffled again on each page load.',
  thirdPartyTitle: /*i18n*/ 'Third-party analytics cookies',
  thirdParty:
    /*i18n*/ "Finder uses no third-party analytics or advertising services, so no other company sets cookies through Finder's pages. If you choose to sign in with Google, Google sets its own cookies on its own site. The stores you click through to set their own cookies on their own sites. This policy does not cover either.",
  contact: /*i18n*/ 'Questions about cookies? Send us a message on our community channel or by email:',
});

export const SECURITY_TEXTS = texts({
  commitmentTitle: /*i18n*/ 'Our commitment',
  commitment:
    /*i18n*/ 'Finder holds as little personal data as it can, and protects what it holds. This page explains how, and what you can do to keep your account safe.',
  encryptionTitle: /*i18n*/ 'Encryption',
  encryptionHttps:
    /*i18n*/ 'Every connection to Finder uses HTTPS (TLS), so what you send and receive cannot be read or changed on the way, and your sign-in cookie is only ever sent over an encrypted connection.',
  encryptionHttp:
    /*i18n*/ 'This copy of Finder is not set up with an https:// address, so connections to it are not encrypted on the way: someone on the same network could read what you send. Use a password here that you use nowhere else.',
  passwords:
    /*i18n*/ 'Passwords are never stored: we keep only a salted hash made with a slow, modern algorithm (scrypt), so even we cannot read them. The keys Google gives us when you sign in with it are stored encrypted.',
  backendTitle: /*i18n*/ 'Managed backend',
  backend:
    /*i18n*/ "Finder keeps its data in a PostgreSQL database and its images on the server's disk or in S3-compatible storage. Every database query is built so that what you type is never run as code.",
  accessTitle: /*i18n*/ 'Access control',
  access:
    /*i18n*/ 'Only administrators can change the catalogue, and only developers can run bulk maintenance. These roles are checked by our server on every request, not just hidden in the page. Every change an administrator makes to products, categories, images and roles is recorded with who made it and when.',
  monitoringTitle: /*i18n*/ 'Monitoring',
  monitoring:
    /*i18n*/ 'Failed sign-ins are counted per account and per address. After a few of them, further attempts are refused for a while that grows with each failure, however many addresses the guesses come from. Errors are logged without passwords, session tokens or cookies.',
  storageTitle: /*i18n*/ 'Storage and backup',
  storage:
    /*i18n*/ "Data is stored only in the database and storage described above, in access-controlled systems. Backups are made by the site's operator. When you delete your account, it is removed from the live database at once and disappears from backups as they are replaced.",
  practicesTitle: /*i18n*/ 'What you can do',
  practicesList: {
    password: /*i18n*/ 'Use a strong password that you do not use on any other site; a password manager helps.',
    signOut: /*i18n*/ 'Sign out when you use a shared or public device.',
    phishing:
      /*i18n*/ 'Be wary of phishing: we will never ask for your password by email or message, and our links always lead to this site.',
    updates: /*i18n*/ 'Keep your browser and operating system up to date.',
  },
  incidentsTitle: /*i18n*/ 'Incident response',
  incidents:
    /*i18n*/ 'If a security incident affects your data, we act at once to contain it, investigate the cause, tell the people affected and the authorities where the law requires, and fix what allowed it to happen.',
  reportingTitle: /*i18n*/ 'Reporting a security issue',
  reporting:
    /*i18n*/ 'Found a vulnerability or something that looks wrong? Please tell us privately before sharing it, and we will reply quickly and keep you informed while we fix it.',
});

export const DISCLAIMER_TEXTS = texts({
  asIsTitle: /*i18n*/ 'Information provided as is',
  asIs: /*i18n*/ 'Finder collects product information to help you discover items. We try to keep it accurate, but it is provided "as is", without any warranty that it is complete, current or fit for a particular purpose.',
  pricesTitle: /*i18n*/ 'Prices',
  prices:
    /*i18n*/ 'Prices shown on Finder are approximate. The price you pay is set by the linked store at the moment you order, and may differ because of currency rates, shipping, fees or changes the store makes.',
  availabilityTitle: /*i18n*/ 'Availability',
  availability:
    /*i18n*/ 'An item listed on Finder may be sold out, changed or withdrawn at the store. We do not guarantee that any item, size or colour is available.',
  linksTitle: /*i18n*/ 'Third-party links',
  links:
    /*i18n*/ 'Product links take you to sites run by others. We do not control or endorse those sites, their products or their policies; read their terms before you buy. Some links are referral links that may earn us a commission at no extra cost to you.',
  liabilityTitle: /*i18n*/ 'Limitation of liability',
  liability:
    /*i18n*/ 'As far as the law allows, Finder is not liable for any loss arising from your use of the site or of the stores it links to, including lost orders, delivery problems or differences between the listing and the item you receive.',
  sellerTitle: /*i18n*/ 'We are not a seller',
  seller:
    /*i18n*/ 'Finder does not sell anything. Orders, payment, shipping, returns and refunds are all handled by the retailer you buy from; contact them about any order.',
  permittedTitle: /*i18n*/ 'Permitted use',
  permitted: /*i18n*/ 'You are welcome to:',
  permittedList: {
    browse: /*i18n*/ 'browse and search the catalogue;',
    share: /*i18n*/ 'share links to Finder and its products;',
    account: /*i18n*/ 'create an account;',
    feedback: /*i18n*/ 'send us feedback and suggestions.',
  },
  prohibitedTitle: /*i18n*/ 'Prohibited use',
  prohibited: /*i18n*/ 'You may not:',
  prohibitedList: {
    scrape: /*i18n*/ 'scrape the catalogue for commercial purposes;',
    bots: /*i18n*/ 'collect data from the site with bots or other automated means;',
    fraud: /*i18n*/ 'use the site for fraud or to mislead others;',
    copyright: /*i18n*/ "infringe copyright or other rights in the site's content and images.",
  },
  lawTitle: /*i18n*/ 'Governing law',
  law: /*i18n*/ "This disclaimer is governed by the laws of the country in which Finder's operator is established, without affecting any mandatory consumer protection you have where you live.",
  acceptanceTitle: /*i18n*/ 'Acceptance',
  acceptance: /*i18n*/ 'By using Finder you accept this disclaimer. If you do not agree with it, please do not use the site.',
});
