// Writes web/public/share.png: the link-preview picture of pages that have no product picture (1200×630, Open
// Graph's size). Run it after changing the design: node --import tsx scripts/make-share-image.ts
import sharp from 'sharp';

const WIDTH = 1200;
const HEIGHT = 630;

const card = (x: number, y: number, fill: string) => `
  <g transform="translate(${x} ${y})">
    <rect width="190" height="250" rx="18" fill="#fff" opacity="0.96"/>
    <rect x="14" y="14" width="162" height="150" rx="12" fill="${fill}"/>
    <rect x="14" y="180" width="120" height="14" rx="7" fill="#d9d4ff"/>
    <rect x="14" y="206" width="70" height="14" rx="7" fill="#5b3df5"/>
  </g>`;

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#5b3df5"/>
      <stop offset="1" stop-color="#9b3df5"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <g transform="translate(90 150)">
    <rect width="120" height="120" rx="28" fill="#fff"/>
    <circle cx="53" cy="53" r="25" fill="none" stroke="#5b3df5" stroke-width="11"/>
    <path d="M72 72l22 22" stroke="#5b3df5" stroke-width="11" stroke-linecap="round"/>
  </g>
  <text x="90" y="370" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="88" fill="#fff">Finder</text>
  <text x="90" y="440" font-family="DejaVu Sans, Arial, sans-serif" font-size="36" fill="#fff" opacity="0.92">Fashion finds, filtered and searched</text>
  ${card(640, 110, '#f4d6e4')}${card(850, 150, '#d6e8f4')}${card(745, 300, '#e6f4d6')}
</svg>`;

await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile('web/public/share.png');
console.log('wrote web/public/share.png');
