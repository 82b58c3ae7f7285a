// The soak's catalogues (scripts/soak.ts), shaped like the agents' spreadsheets operators export (as the import
// fixtures in server/modules/imports/fixtures are): a header with spaces, units and a blank column, multi-line cells
// (a title's second line of colourways), agent links with referral parameters, prices in yuan, dollars and euros,
// pictures on a host that never answers, and a row repeated. Deterministic: round r always gives the same file, and
// each round's products are its own (the next round does not update the last one's).
const CATEGORIES = ['Shoes', 'Jackets', 'Hoodies', 'Pants', 'T-Shirts', 'Accessories'];
const BRANDS = ['Nike', 'Arc’teryx', 'Stüssy', 'Carhartt WIP', 'New Balance', 'Moncler'];
const NOUNS = ['Runner', 'Shell Jacket', 'Zip Hoodie', 'Cargo Pants', 'Graphic Tee', 'Tote Bag'];

const quoted = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

export function soakCatalogue(round: number, rows: number, deadPictureHost: string): string {
  const lines = ['Item Name,Price ,Currency,Image URL,Link (agent),Category,Brand,'];
  for (let i = 0; i < rows; i++) {
    const n = round * 100_000 + i;
    const k = i % CATEGORIES.length;
    const title = i % 5 === 0 ? `${BRANDS[k]} ${NOUNS[k]} ${n}\n${(i % 20) + 2}+ colorways` : `${BRANDS[k]} ${NOUNS[k]} ${n}`;
    const currency = ['CNY', 'USD', 'EUR'][i % 3] as string;
    const price = currency === 'CNY' ? String(99 + (i % 700)) : ((i % 150) + 9.99).toFixed(2);
    const item = 7_100_000_000 + n;
    const link =
      i % 2 === 0
        ? `https://cnfans.com/product/?id=${item}&platform=WEIDIAN&ref=${300_000 + (i % 9)}`
        : `https://www.kakobuy.com/item/details?url=https%3A%2F%2Fitem.taobao.com%2Fitem.htm%3Fid%3D${item}&affcode=soak`;
    const image = `${deadPictureHost}/img/${n}.jpg`;
    lines.push([title, price, currency, image, link, CATEGORIES[k] as string, BRANDS[k] as string, ''].map(quoted).join(','));
    // One row in a hundred is repeated, as copied rows in a real sheet are.
    if (i % 100 === 99) lines.push(lines.at(-1) as string);
  }
  return `${lines.join('\r\n')}\r\n`;
}
