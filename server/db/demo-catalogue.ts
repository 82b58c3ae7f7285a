// The demo catalogue of a first start: 72 products across the 8 default categories and every gender, with
// pictures drawn here (SVG rendered by sharp), so nothing is fetched from outside the project.
import sharp from 'sharp';

type Gender = 'Men' | 'Women' | 'Kids' | 'Unisex';
type Kind =
  | 'sneaker'
  | 'boot'
  | 'hoodie'
  | 'jacket'
  | 'coat'
  | 'pants'
  | 'tee'
  | 'bag'
  | 'wallet'
  | 'belt'
  | 'hat'
  | 'cap'
  | 'shorts'
  | 'sweater'
  | 'cardigan';

/** How to draw a product's picture: the garment, its colour, a contrasting detail colour and a soft backdrop. */
export type DemoArt = { kind: Kind; main: string; accent: string; background: string };

export type DemoProduct = {
  slug: string;
  title: string;
  description: string;
  brand: string;
  category: string;
  gender: Gender;
  price: number;
  isBestProduct: boolean;
  link: string;
  row: number;
  art: DemoArt;
};

type Entry = [title: string, kind: Kind, gender: Gender, description: string];

/** Nine items per category; titles carry the keywords the bulk category rules look for. */
const ENTRIES: Record<string, Entry[]> = {
  Shoes: [
    ['Retro High-Top Sneaker', 'sneaker', 'Men', 'Padded collar, suede overlays and a grippy cupsole for all-day wear.'],
    ['Court Low Sneaker', 'sneaker', 'Women', 'A clean leather court shoe with a cushioned insole and tonal laces.'],
    ['Trail Runner Shoe', 'sneaker', 'Men', 'Breathable mesh upper on a lugged outsole built for gravel and park paths.'],
    ['Chunky Platform Sneaker', 'sneaker', 'Women', 'A stacked sole adds height; the knit lining keeps it light.'],
    ['Chelsea Leather Boot', 'boot', 'Men', 'Elastic side panels, pull tab and a stitched rubber sole.'],
    ['Lug Sole Ankle Boot', 'boot', 'Women', 'Water-resistant leather with a chunky lug sole for wet city days.'],
    ['Light-Up Kids Sneaker', 'sneaker', 'Kids', 'Hook-and-loop straps and a soft sole that flashes with every step.'],
    ['Canvas Slip-On Shoe', 'sneaker', 'Unisex', 'Cotton canvas, elastic gussets and a vulcanised sole.'],
    ['Kids Rain Boot', 'boot', 'Kids', 'Waterproof rubber boot with pull handles and a warm fleece lining.'],
  ],
  Hoodies: [
    ['Heavyweight Zip Hoodie', 'hoodie', 'Men', '450 gsm brushed fleece, metal zip and a double-layer hood.'],
    ['Boxy Pullover Hoodie', 'hoodie', 'Men', 'Dropped shoulders and a cropped body for a relaxed boxy fit.'],
    ['Washed Vintage Hoodie', 'hoodie', 'Unisex', 'Garment-dyed cotton with a soft, lived-in wash.'],
    ['Cropped Fleece Hoodie', 'hoodie', 'Women', 'A short, cosy fleece hoodie with a wide ribbed hem.'],
    ['Oversized Logo Hoodie', 'hoodie', 'Women', 'Roomy fit, kangaroo pocket and a small embroidered chest mark.'],
    ['Tech Fleece Hoodie', 'hoodie', 'Men', 'Smooth bonded fleece that stays warm without the bulk.'],
    ['Kids Dino Hoodie', 'hoodie', 'Kids', 'Soft cotton hoodie with playful spikes along the hood.'],
    ['Thermal Lined Hoodie', 'hoodie', 'Men', 'Waffle-knit thermal lining for cold mornings.'],
    ['Half-Zip Hoodie', 'hoodie', 'Unisex', 'A quarter-length zip and stand collar in loopback cotton.'],
  ],
  Jackets: [
    ['Cropped Denim Jacket', 'jacket', 'Women', 'Rigid denim, cropped at the waist, with chest flap pockets.'],
    ['Nylon Bomber Jacket', 'jacket', 'Men', 'Satin-finish nylon shell, ribbed cuffs and a utility sleeve pocket.'],
    ['Quilted Puffer Jacket', 'jacket', 'Men', 'Recycled insulation in box quilting with a high collar.'],
    ['Wool Blend Top Coat', 'coat', 'Men', 'Knee-length wool blend with notch lapels and a single vent.'],
    ['Belted Trench Coat', 'coat', 'Women', 'Water-repellent cotton gabardine with storm flap and belt.'],
    ['Corduroy Trucker Jacket', 'jacket', 'Men', 'Wide-wale corduroy with a sherpa collar and button front.'],
    ['Lightweight Rain Jacket', 'jacket', 'Unisex', 'Packable shell with taped seams and an adjustable hood.'],
    ['Kids Padded Jacket', 'jacket', 'Kids', 'Warm padded jacket with reflective trims for school runs.'],
    ['Faux Leather Biker Jacket', 'jacket', 'Women', 'Asymmetric zip, snap lapels and a soft vegan leather.'],
  ],
  Pants: [
    ['Relaxed Cargo Pants', 'pants', 'Men', 'Ripstop cotton with bellows pockets and adjustable hems.'],
    ['Straight Leg Jeans', 'pants', 'Men', 'Mid-rise, straight through the leg, in 13 oz rigid denim.'],
    ['Wide Leg Jeans', 'pants', 'Women', 'High waist and a full wide leg in a light stone wash.'],
    ['Pleated Wool Pants', 'pants', 'Men', 'Single pleat trousers in a soft wool blend with a tapered leg.'],
    ['Parachute Cargo Pants', 'pants', 'Women', 'Light nylon with toggle hems and roomy cargo pockets.'],
    ['Slim Stretch Jeans', 'pants', 'Women', 'A slim fit with a touch of stretch for easy movement.'],
    ['Kids Jogger Pants', 'pants', 'Kids', 'Elastic waist and cuffs in a soft brushed jersey.'],
    ['Carpenter Work Pants', 'pants', 'Unisex', 'Duck canvas with a hammer loop and reinforced knees.'],
    ['Track Pants', 'pants', 'Men', 'Side stripes, zip ankles and a smooth tricot finish.'],
  ],
  'T-Shirts': [
    ['Heavyweight Pocket Tee', 'tee', 'Men', 'Thick 260 gsm cotton with a chest pocket and a boxy cut.'],
    ['Graphic Print T-Shirt', 'tee', 'Men', 'Screen-printed artwork on soft ring-spun cotton.'],
    ['Fitted Rib Tee', 'tee', 'Women', 'A close fit in stretchy ribbed cotton.'],
    ['Oversized Band Tee', 'tee', 'Unisex', 'Faded print and dropped shoulders for a vintage look.'],
    ['Long Sleeve Tee', 'tee', 'Men', 'Midweight jersey with ribbed cuffs for layering.'],
    ['Cropped Baby Tee', 'tee', 'Women', 'Short and snug with a contrast neck binding.'],
    ['Kids Rainbow T-Shirt', 'tee', 'Kids', 'Bright rainbow print on organic cotton.'],
    ['Essential Crew Tee', 'tee', 'Men', 'The everyday crew neck in breathable combed cotton.'],
    ['Striped Boat Neck T-Shirt', 'tee', 'Women', 'Breton stripes and a wide boat neckline.'],
  ],
  Accessories: [
    ['Leather Card Wallet', 'wallet', 'Men', 'Slim vegetable-tanned leather with four card slots.'],
    ['Canvas Tote Bag', 'bag', 'Unisex', 'Heavy canvas tote with an inner zip pocket.'],
    ['Crossbody Sling Bag', 'bag', 'Women', 'Compact nylon sling with an adjustable strap.'],
    ['Reversible Leather Belt', 'belt', 'Men', 'Black on one side, brown on the other, with a turning buckle.'],
    ['Wool Bucket Hat', 'hat', 'Unisex', 'Soft boiled wool that keeps its shape and the rain off.'],
    ['Embroidered Baseball Hat', 'cap', 'Men', 'Six-panel cotton cap with a curved brim and tonal embroidery.'],
    ['Mini Shoulder Bag', 'bag', 'Women', 'A small structured bag with a chain strap.'],
    ['Zip Around Wallet', 'wallet', 'Women', 'Pebbled leather with a full zip and coin pocket.'],
    ['Kids Sun Hat', 'hat', 'Kids', 'Wide brim and a chin cord, in light cotton.'],
  ],
  Shorts: [
    ['Mesh Basketball Shorts', 'shorts', 'Men', 'Breathable mesh with an elastic drawcord waist.'],
    ['Denim Cutoff Shorts', 'shorts', 'Women', 'High-rise denim with raw hems.'],
    ['Cargo Utility Shorts', 'shorts', 'Men', 'Twill shorts with flap cargo pockets.'],
    ['Linen Drawstring Shorts', 'shorts', 'Unisex', 'Airy linen with a soft drawstring waist.'],
    ['Running Shorts', 'shorts', 'Women', 'Lightweight shell with a built-in liner and back zip pocket.'],
    ['Sweat Shorts', 'shorts', 'Men', 'French terry with side pockets for lounging.'],
    ['Kids Swim Shorts', 'shorts', 'Kids', 'Quick-dry fabric with a bright palm print.'],
    ['Pleated Chino Shorts', 'shorts', 'Men', 'Cotton twill chino shorts with a single pleat.'],
    ['Bike Shorts', 'shorts', 'Women', 'Sculpting stretch jersey, mid-thigh length.'],
  ],
  Sweaters: [
    ['Cable Knit Sweater', 'sweater', 'Men', 'Chunky cables in a warm lambswool blend.'],
    ['Mohair Blend Cardigan', 'cardigan', 'Women', 'Fluffy, light mohair blend with horn-effect buttons.'],
    ['Merino Crewneck Sweater', 'sweater', 'Men', 'Fine-gauge merino that layers under a coat.'],
    ['Fair Isle Sweater', 'sweater', 'Unisex', 'A classic patterned yoke in soft wool.'],
    ['Cropped Knit Vest', 'sweater', 'Women', 'A short V-neck knit vest for layering over shirts.'],
    ['Rollneck Knit', 'sweater', 'Men', 'Ribbed roll neck in cosy cotton-cashmere.'],
    ['Kids Snowflake Sweater', 'sweater', 'Kids', 'Festive snowflake jacquard in easy-care yarn.'],
    ['Oversized Chunky Cardigan', 'cardigan', 'Women', 'A slouchy cardigan in a thick rib knit.'],
    ['Quarter Zip Sweater', 'sweater', 'Men', 'Half-milano knit with a zip neck.'],
  ],
};

/** The made-up brands of the demo catalogue; the bench's large catalogue (scripts/seed-large-catalogue.ts) uses them too. */
export const DEMO_BRANDS = [
  'Northfold',
  'Kinetic Lab',
  'Atelier Rue',
  'Soft Static',
  'Harbor & Pine',
  'Voltline',
  'Mono Studio',
  'Drift Club',
  'Ember Works',
  'Quiet Form',
];
/** One brand used by a single product, so a search by brand has exactly one answer. */
const UNIQUE_BRAND = 'Zephyr Atelier';
const PALETTE = [
  '#1f2937',
  '#7c3aed',
  '#0f766e',
  '#b45309',
  '#be123c',
  '#1d4ed8',
  '#4d7c0f',
  '#a16207',
  '#475569',
  '#db2777',
  '#0e7490',
  '#9a3412',
];
const BACKGROUNDS = ['#f4f1ea', '#eef2f7', '#f3eefa', '#eaf4ef', '#fbf0ea', '#f1f1f1'];

/** mulberry32: a small seeded generator, so the catalogue is the same on every start (the bench draws with it too). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * A demo product's buy link: a CNFans link in the shape agents share, to a made-up item (issue 16: BUY reads the
 * marketplace and item from it, so every agent works on the demo); every sixth on Weidian, every ninth on 1688.
 */
export function demoLink(row: number): string {
  if (row % 6 === 0) return `https://cnfans.com/product/?shop_type=weidian&id=${7_100_000_000 + row * 7919}`;
  if (row % 9 === 4) return `https://cnfans.com/product/?shop_type=ali_1688&id=${610_000_000_000 + row * 104_729}`;
  return `https://cnfans.com/product/?shop_type=taobao&id=${670_000_000_000 + row * 104_729}`;
}

export function demoProducts(): DemoProduct[] {
  const rand = random(20261123);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const products: DemoProduct[] = [];
  for (const [category, entries] of Object.entries(ENTRIES)) {
    for (const [title, kind, gender, description] of entries) {
      const row = products.length + 1;
      const slug = slugify(title);
      const cents = Math.floor(rand() * 100) < 50 ? 99 : 0;
      const base = 9 + Math.floor(rand() * 200);
      // The random draws keep one fixed order: brand, main colour, accent colour, background.
      const brand = title === 'Wool Bucket Hat' ? UNIQUE_BRAND : pick(DEMO_BRANDS);
      const main = pick(PALETTE);
      const drawnAccent = pick(PALETTE);
      // A detail in the garment's own colour would vanish: take another palette colour then.
      const accent = drawnAccent === main ? (PALETTE[(PALETTE.indexOf(main) + 5) % PALETTE.length] as string) : drawnAccent;
      products.push({
        slug,
        title,
        description,
        brand,
        category,
        gender,
        price: Number((base + cents / 100).toFixed(2)),
        isBestProduct: row % 5 === 2,
        link: demoLink(row),
        row,
        art: { kind, main, accent, background: pick(BACKGROUNDS) },
      });
    }
  }
  return products;
}

export function demoImageFileName(product: DemoProduct): string {
  return `demo_${product.slug}.jpg`;
}

/** A darker (factor < 1) tone of a #rrggbb colour, for folds, ribs and linings. */
function shade(hex: string, factor: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `#${[16, 8, 0]
    .map((bit) =>
      Math.round(((n >> bit) & 255) * factor)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Long-sleeved top (hoodie, sweater, cardigan): shoulders at y 200, sleeves ending at the cuffs, hem at y 640. */
const LONG_SLEEVE_BODY = 'M300 200 L160 250 L100 480 L180 500 L215 380 L215 640 L585 640 L585 380 L620 500 L700 480 L640 250 L500 200 Z';

/** Ribbed cuffs and hem band of a long-sleeved top. */
function ribs(main: string): string {
  const rib = shade(main, 0.78);
  return `<path d="M100 480 L180 500 L172 532 L92 512 Z" fill="${rib}"/><path d="M700 480 L620 500 L628 532 L708 512 Z" fill="${rib}"/>
        <rect x="215" y="608" width="370" height="40" rx="6" fill="${rib}"/>
        <path d="${Array.from({ length: 17 }, (_, i) => `M${235 + i * 20} 614 L${235 + i * 20} 642`).join(' ')}" stroke="${shade(main, 0.62)}" stroke-width="4"/>`;
}

/** Flat drawings on an 800 x 800 canvas, one per kind of garment. */
function drawing({ kind, main, accent }: DemoArt): string {
  const stroke = `stroke="${accent}" stroke-width="10" stroke-linejoin="round" stroke-linecap="round"`;
  switch (kind) {
    case 'sneaker':
      return `<path d="M140 520 L170 380 Q190 340 240 350 L330 370 Q380 380 420 420 L520 470 Q640 480 670 520 L670 560 L140 560 Z" fill="${main}"/>
        <rect x="130" y="555" width="550" height="45" rx="20" fill="#ffffff" ${stroke}/>
        <path d="M260 390 L300 450 M300 380 L340 440 M340 390 L380 450" ${stroke} fill="none"/>
        <circle cx="210" cy="430" r="22" fill="${accent}"/>`;
    case 'boot':
      // Side view, toe to the right: shaft, instep, rounded toe, a sole with a raised heel block.
      return `<path d="M262 160 L438 160 L446 430 Q462 468 540 478 Q650 492 664 560 L664 590 L240 590 L250 172 Q250 160 262 160 Z" fill="${main}"/>
        <path d="M318 160 Q336 330 358 430 Q380 330 398 160 Z" fill="${accent}"/>
        <path d="M266 172 L266 132 Q266 118 280 118 Q294 118 294 132 L294 172" fill="none" stroke="${accent}" stroke-width="12"/>
        <path d="M256 560 L650 560" stroke="${shade(main, 0.7)}" stroke-width="6" stroke-dasharray="16 12"/>
        <path d="M232 586 L672 586 Q684 604 668 618 L392 618 L380 648 L232 648 Z" fill="#2b2b2b"/>`;
    case 'hoodie':
      // The hood stands up behind the neck; its dark lining, drawstrings and a kangaroo pocket make it a hoodie.
      return `<path d="${LONG_SLEEVE_BODY}" fill="${main}"/>
        <path d="M282 262 Q270 96 400 92 Q530 96 518 262 Q400 300 282 262 Z" fill="${shade(main, 0.88)}"/>
        <path d="M336 250 Q338 150 400 146 Q462 150 464 250 L400 318 Z" fill="${shade(main, 0.45)}"/>
        <path d="M376 300 L370 400 M424 300 L430 400" stroke="${accent}" stroke-width="8" stroke-linecap="round"/>
        <circle cx="370" cy="406" r="9" fill="${accent}"/><circle cx="430" cy="406" r="9" fill="${accent}"/>
        <path d="M300 470 L500 470 L548 590 L252 590 Z" fill="${shade(main, 0.82)}" stroke="${accent}" stroke-width="6" stroke-linejoin="round"/>
        ${ribs(main)}`;
    case 'sweater':
      // Crew neck band, knitted rows in the accent colour, ribbed cuffs and hem.
      return `<path d="${LONG_SLEEVE_BODY}" fill="${main}"/>
        <path d="M318 202 Q400 272 482 202" fill="none" stroke="${shade(main, 0.7)}" stroke-width="26" stroke-linecap="round"/>
        ${[320, 390, 460, 530]
          .map(
            (y) =>
              `<path d="${Array.from({ length: 9 }, (_, i) => `${i === 0 ? 'M' : 'L'}${245 + i * 38.75} ${y + (i % 2 ? 22 : 0)}`).join(' ')}" fill="none" ${stroke}/>`,
          )
          .join('')}
        ${ribs(main)}`;
    case 'cardigan':
      // Open V neck and a buttoned placket down the front.
      return `<path d="${LONG_SLEEVE_BODY}" fill="${main}"/>
        <path d="M300 200 L400 420 L500 200 Q400 236 300 200 Z" fill="${shade(main, 0.55)}"/>
        <path d="M300 200 L400 420 L500 200" fill="none" stroke="${shade(main, 0.75)}" stroke-width="20" stroke-linejoin="round"/>
        <path d="M400 420 L400 640" stroke="${shade(main, 0.75)}" stroke-width="20"/>
        ${[460, 510, 560].map((y) => `<circle cx="400" cy="${y}" r="12" fill="${accent}"/>`).join('')}
        <rect x="250" y="470" width="90" height="80" rx="10" fill="${shade(main, 0.85)}"/><rect x="460" y="470" width="90" height="80" rx="10" fill="${shade(main, 0.85)}"/>
        ${ribs(main)}`;
    case 'jacket':
    case 'coat': {
      const bottom = kind === 'coat' ? 720 : 620;
      return `<path d="M300 170 L400 220 L500 170 L640 230 L700 520 L620 540 L590 380 L590 ${bottom} L210 ${bottom} L210 380 L180 540 L100 520 L160 230 Z" fill="${main}"/>
        <path d="M400 220 L400 ${bottom}" ${stroke}/>
        <path d="M300 170 L360 320 L400 220 L440 320 L500 170" fill="${accent}"/>
        <rect x="250" y="420" width="90" height="16" rx="8" fill="${accent}"/><rect x="460" y="420" width="90" height="16" rx="8" fill="${accent}"/>`;
    }
    case 'pants':
      return `<path d="M270 150 L530 150 L580 700 L450 700 L400 330 L350 700 L220 700 Z" fill="${main}"/>
        <rect x="265" y="140" width="270" height="40" rx="10" fill="${accent}"/>
        <path d="M300 210 Q330 260 370 220 M500 210 Q470 260 430 220" fill="none" ${stroke}/>`;
    case 'shorts':
      return `<path d="M250 250 L550 250 L600 540 L430 560 L400 420 L370 560 L200 540 Z" fill="${main}"/>
        <rect x="245" y="235" width="310" height="40" rx="10" fill="${accent}"/>
        <path d="M390 275 L380 330 M410 275 L420 330" ${stroke}/>`;
    case 'tee':
      return `<path d="M300 180 Q400 240 500 180 L680 260 L630 380 L570 350 L570 640 L230 640 L230 350 L170 380 L120 260 Z" fill="${main}"/>
        <path d="M330 188 Q400 250 470 188" fill="none" ${stroke}/>
        <circle cx="400" cy="420" r="70" fill="${accent}"/>`;
    case 'bag':
      return `<path d="M300 300 Q300 170 400 170 Q500 170 500 300" fill="none" stroke="${accent}" stroke-width="26"/>
        <path d="M200 300 L600 300 L640 640 L160 640 Z" fill="${main}"/>
        <rect x="340" y="380" width="120" height="60" rx="12" fill="${accent}"/>`;
    case 'wallet':
      return `<rect x="170" y="260" width="460" height="300" rx="30" fill="${main}"/>
        <path d="M170 330 L630 330" ${stroke}/>
        <rect x="470" y="380" width="160" height="90" rx="20" fill="${accent}"/><circle cx="520" cy="425" r="16" fill="#ffffff"/>`;
    case 'belt':
      return `<rect x="100" y="360" width="600" height="80" rx="14" fill="${main}"/>
        <rect x="300" y="330" width="130" height="140" rx="18" fill="none" stroke="${accent}" stroke-width="22"/>
        <circle cx="520" cy="400" r="10" fill="#ffffff"/><circle cx="580" cy="400" r="10" fill="#ffffff"/><circle cx="640" cy="400" r="10" fill="#ffffff"/>`;
    case 'hat':
      return `<ellipse cx="400" cy="520" rx="290" ry="70" fill="${accent}"/>
        <path d="M220 520 Q220 260 400 260 Q580 260 580 520 Z" fill="${main}"/>
        <rect x="222" y="450" width="356" height="36" fill="${accent}"/>`;
    case 'cap':
      // Baseball cap from the side: a panelled crown with a top button and a long brim to the right.
      return `<g transform="translate(-34 0)"><path d="M490 500 Q640 488 716 530 Q700 562 600 566 L480 560 Z" fill="${accent}"/>
        <path d="M150 540 Q138 300 360 270 Q540 256 560 540 Z" fill="${main}"/>
        <path d="M360 272 Q300 400 320 540 M360 272 Q460 380 470 540" fill="none" stroke="${shade(main, 0.7)}" stroke-width="6"/>
        <ellipse cx="360" cy="268" rx="26" ry="12" fill="${accent}"/>
        <path d="M150 520 L560 520 L560 548 L152 548 Z" fill="${shade(main, 0.75)}"/></g>`;
  }
}

/** Where the item stands, so its shadow sits just below it. */
const GROUND: Record<Kind, number> = {
  sneaker: 625,
  boot: 665,
  hoodie: 680,
  sweater: 680,
  cardigan: 680,
  jacket: 660,
  coat: 750,
  pants: 730,
  shorts: 600,
  tee: 675,
  bag: 670,
  wallet: 600,
  belt: 505,
  hat: 610,
  cap: 590,
};

export async function renderDemoImage(product: DemoProduct): Promise<Buffer> {
  const { art } = product;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
    <rect width="800" height="800" fill="${art.background}"/>
    <ellipse cx="400" cy="${GROUND[art.kind]}" rx="280" ry="26" fill="#000000" opacity="0.08"/>
    ${drawing(art)}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}
