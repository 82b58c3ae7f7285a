// Real link shapes (marketplace and agent) and what each stands for: the table the link tests read, in both
// directions. Most addresses come from the public cachho/cn-links project's test cases and agents' share buttons.
import type { AgentLinkSettings, ItemSource } from './agent-links';

const taobao = (itemId: string): ItemSource => ({ platform: 'taobao', itemId });
const tmall = (itemId: string): ItemSource => ({ platform: 'tmall', itemId });
const weidian = (itemId: string): ItemSource => ({ platform: 'weidian', itemId });
const alibaba = (itemId: string): ItemSource => ({ platform: '1688', itemId });

/** Marketplaces' own item addresses. */
export const MARKETPLACE_LINKS: Array<[string, ItemSource]> = [
  ['https://item.taobao.com/item.htm?id=675330231400', taobao('675330231400')],
  ['https://item.taobao.com/item.html?id=674029285425', taobao('674029285425')],
  ['https://item.taobao.com/item.htm?spm=a1z10.3-c.w4002-13979990307.10.46c7707e2PW6oL&id=691541677564', taobao('691541677564')],
  ['http://item.taobao.com/item.htm?id=987654321', taobao('987654321')],
  ['item.taobao.com/item.htm?id=675330231400', taobao('675330231400')],
  ['https://m.intl.taobao.com/detail/detail.html?id=763706333392', taobao('763706333392')],
  ['https://world.taobao.com/item/674029285425.htm', taobao('674029285425')],
  ['https://www.taobao.com/list/item/758067992163.htm?spm=a21wu.10013406-cat.taglist-content.1.56e938a4vsEyTK', taobao('758067992163')],
  [
    'https://assets-tmw.taobao.com/app/tmall-ovs-rax/share_page/home?targetType=ITEM&targetId=689584596676&sign=d3b2&site=SG',
    taobao('689584596676'),
  ],
  ['https://detail.tmall.com/item.htm?id=625144747417', tmall('625144747417')],
  ['https://detail.tmall.com/item_o.htm?id=674029285425&pcdegrade=true&de_count=1', tmall('674029285425')],
  ['https://weidian.com/item.html?itemID=7231813762', weidian('7231813762')],
  ['https://weidian.com/item.html?itemId=3053526244&vc_cps_track=1459920903_0_0', weidian('3053526244')],
  ['https://shop1846519437.v.weidian.com/item.html?itemID=5418645467&spider_token=4572', weidian('5418645467')],
  ['https://weidian.com/item.html?itemID%3D7240382968&sa=D&source=editors', weidian('7240382968')],
  ['https://detail.1688.com/offer/641649880094.html', alibaba('641649880094')],
  ['https://m.1688.com/offer/745930604736.html?spm=a26g8.7664812', alibaba('745930604736')],
];

/** Shopping agents' links to an item. */
export const AGENT_LINKS: Array<[string, ItemSource]> = [
  // CNFans: the desktop, language, phone and newer platform= shapes.
  ['https://cnfans.com/product/?shop_type=taobao&id=726145768645', taobao('726145768645')],
  ['https://cnfans.com/fr/product/?shop_type=taobao&id=726145768645', taobao('726145768645')],
  ['https://cnfans.com/product?id=7080777715&platform=WEIDIAN&ref=73572', weidian('7080777715')],
  ['https://m.cnfans.com/pages/product/product?id=7262488758&shoptype=weidian&ref=49564', weidian('7262488758')],
  ['https://cnfans.com/product/?shop_type=ali_1688&id=745930604736', alibaba('745930604736')],
  // Kakobuy: the marketplace link inside.
  [
    'https://www.kakobuy.com/item/details?url=https%3A%2F%2Fitem.taobao.com%2Fitem.htm%3Fid%3D535661183265&affcode=abc',
    taobao('535661183265'),
  ],
  ['https://www.kakobuy.com/item/details?url=https%3A%2F%2Fweidian.com%2Fitem.html%3FitemID%3D7231813762', weidian('7231813762')],
  // Hoobuy: /product/<1 Taobao, 2 Weidian, 0 1688>/<id>.
  ['https://hoobuy.com/product/1/692787834585?utm_source=share&utm_medium=product_details&inviteCode=2X6A1vRD', taobao('692787834585')],
  ['https://hoobuy.com/m/product/2/7234262753?utm_source=share&utm_medium=product_details', weidian('7234262753')],
  ['https://www.hoobuy.com/product/0/641649880094', alibaba('641649880094')],
  // Mulebuy: CNFans' shapes.
  ['https://mulebuy.com/product?id=834377196891&platform=TAOBAO', taobao('834377196891')],
  ['https://mulebuy.com/zh/product/?shop_type=taobao&id=726526607194', taobao('726526607194')],
  ['https://m.mulebuy.com/pages/product/product?id=7261761313&shoptype=WEIDIAN&ref=200000069', weidian('7261761313')],
  // AllChinaBuy: the link inside, once or twice encoded, or another AllChinaBuy link inside.
  [
    'https://www.allchinabuy.com/en/page/buy/?nTag=Home-search&from=search-input&_search=url&position=&url=https%3A%2F%2Fitem.taobao.com%2Fitem.htm%3Fid%3D675330231300&partnercode=abc',
    taobao('675330231300'),
  ],
  [
    'https://www.allchinabuy.com/en/page/buy/?from=search-input&url=https%253A%252F%252Fweidian.com%252Fitem.html%253FitemID%253D7260605276&partnercode=wrf7xD',
    weidian('7260605276'),
  ],
  [
    'https://www.allchinabuy.com/en/page/buy/?from=search-input&url=https%3A%2F%2Fwww.allchinabuy.com%2Fen%2Fpage%2Fbuy%3Ffrom%3Dsearch-input%26url%3Dhttps%253A%252F%252Fweidian.com%252Fitem.html%253FitemID%253D7313359726',
    weidian('7313359726'),
  ],
  [
    'https://m.allchinabuy.com/home/#/goodsDetail?nTag=Home-search&from=search-input&_search=url&url=https://weidian.com/item.html?itemID=7232818672',
    weidian('7232818672'),
  ],
  // ACBuy: ?id=&source=<TB, WD, AL>, or the link inside.
  ['https://www.acbuy.com/product?id=676700645113&source=TB', taobao('676700645113')],
  ['https://www.acbuy.com/product/?id=7231813762&source=WD&u=ref', weidian('7231813762')],
  ['https://www.acbuy.com/product?id=641649880094&source=AL', alibaba('641649880094')],
  [
    'https://www.acbuy.com/en/page/buy/?nTag=Home-search&from=search-input&_search=url&position=&url=https%3A%2F%2Fweidian.com%2Fitem.html%3FitemID%3D5726306637',
    weidian('5726306637'),
  ],
  // Sugargoo: a productLink after #/, often encoded twice.
  [
    'https://www.sugargoo.com/#/home/productDetail?productLink=https%253A%252F%252Fweidian.com%252Fitem.html%253FitemID%253D5418645467%2526spider_token%253D4572',
    weidian('5418645467'),
  ],
  [
    'https://www.sugargoo.com/#/home/productDetail?productLink=https%3A%2F%2Fitem.taobao.com%2Fitem.htm%3Fspm%3Da1z10.3%26id%3D695240235157&memberId=123',
    taobao('695240235157'),
  ],
  [
    'https://sugargoo.com/index/item/index.html?tp=taobao&searchlang=en&url=https%3A%2F%2Fweidian.com%2Fitem.html%3FitemID%3D5789470155',
    weidian('5789470155'),
  ],
  // Superbuy and Wegobuy.
  [
    'https://www.superbuy.com/en/page/buy?from=search-input&url=https%3A%2F%2Fitem.taobao.com%2Fitem.htm%3Fid%3D675330231400&partnercode=6t86Xk',
    taobao('675330231400'),
  ],
  ['https://m.superbuy.com/en/goodsdetail/?url=https%3A%2F%2Fitem.taobao.com%2Fitem.htm%3Fid%3D705339617846', taobao('705339617846')],
  [
    'https://m.superbuy.com/home/#/goodsDetail?nTag=Home-search&from=search-input&_search=url&url=https://detail.tmall.com/item.htm?id=66608981238',
    tmall('66608981238'),
  ],
  [
    'https://www.wegobuy.com/en/page/buy?from=search-input&url=https%3A%2F%2Fweidian.com%2Fitem.html%3FitemId%3D3053526244',
    weidian('3053526244'),
  ],
  // CSSBuy: the marketplace in the path.
  ['https://www.cssbuy.com/item-675330231400.html?promotionCode=Y2h3ZWJkZXZlbG9wbWVudA', taobao('675330231400')],
  ['https://www.cssbuy.com/item-micro-4480454092.html', weidian('4480454092')],
  ['https://www.cssbuy.com/item-1688-641649880094.html', alibaba('641649880094')],
  // Pandabuy-style ?url= (readable ones; its encrypted "PJ…" links are not).
  [
    'https://www.pandabuy.com/product?url=https://item.taobao.com/item.htm?id=673535501707&utm_source=pop&utm_medium=pdb',
    taobao('673535501707'),
  ],
  [
    'https://m.pandabuy.com/product?url=https%3A%2F%2Fdetail.tmall.com%2Fitem.htm%3Fid%3D625144747417&inviteCode=84QGEFBNY',
    tmall('625144747417'),
  ],
  ['https://www.hagobuy.com/item/details?url=https%3A%2F%2Fdetail.1688.com%2Foffer%2F669572555511.html', alibaba('669572555511')],
  // Joyabuy, Joyagoo, Orientdig: CNFans' family.
  ['https://joyabuy.com/es/product/?shop_type=taobao&id=726526607194', taobao('726526607194')],
  ['https://joyagoo.com/product?id=916300125915&platform=TAOBAO', taobao('916300125915')],
  ['https://orientdig.com/product/?shop_type=taobao&id=781807828972', taobao('781807828972')],
  // Oopbuy: /product/<number or word>/<id>, or its phone site's parameters.
  ['https://www.oopbuy.com/product/1/7231813762?inviteCode=test', taobao('7231813762')],
  ['https://oopbuy.com/product/weidian/7280131479?inviteCode=X', weidian('7280131479')],
  ['https://oopbuy.com/product/1688/690957212150?inviteCode=1MG3S03GP', alibaba('690957212150')],
  ['https://m.oopbuy.com/pages/goods/details?spuNo=7279249763&channel=weidian&inviteCode=LIIV478KA', weidian('7279249763')],
  ['https://m.oopbuy.com/pages/web-view/index?url=https%3A%2F%2Fweidian.com%2Fitem.html%3FitemID%3D7280200545', weidian('7280200545')],
  // Others read the same ways.
  ['https://www.basetao.com/best-taobao-agent-service/products/agent/weidian/7231813765.html', weidian('7231813765')],
  ['https://www.hubbuycn.com/product/item/1688/923921667840', alibaba('923921667840')],
  ['https://www.hubbuycn.com/taobaoID=726526607194&inviter=johnerik123', taobao('726526607194')],
  ['https://www.lovegobuy.com/product?id=745930604736&shop_type=ali_1688&invite_code=KTIRZ0', alibaba('745930604736')],
  ['https://www.lovegobuy.com/pc/#/goods/detail?platform=weidian&goodsId=4480454092', weidian('4480454092')],
  ['https://gtbuy.com/product/2/675330231412?inviteCode=ref', weidian('675330231412')],
  ['https://hipobuy.com/product/TaoBaO/675330231421', taobao('675330231421')],
  ['https://www.usfans.com/product/2/676700645112', taobao('676700645112')],
  ['https://www.ponybuy.com/products/1/675330231400', taobao('675330231400')],
  ['https://panglobalbuy.com/#/details?type=1&offerId=676700645111&share_id=6552', taobao('676700645111')],
  ['https://www.sifubuy.com/detail?invite_code=abc&id=5416187188&type=4', weidian('5416187188')],
  [
    'https://www.sifubuy.com/detail?productUrl=https%253A%252F%252Fweidian.com%252Fitem.html%253FitemID%253D5416187182&type=4',
    weidian('5416187182'),
  ],
  ['https://cnshopper.com/goods/detail?keyword=5416187188&platform=weidian&invite_id=1424233', weidian('5416187188')],
  [
    'https://www.kameymall.com/purchases/search/item?url=https%3A%2F%2Fitem.taobao.com%2Fitem.htm%3Fid%3D732843623706',
    taobao('732843623706'),
  ],
];

/** Links that name no item we can use: each parses to null. */
export const UNREADABLE_LINKS: string[] = [
  '',
  '   ',
  'not a link',
  'javascript:alert(1)',
  'ftp://item.taobao.com/item.htm?id=675330231400',
  'https://store.example/item',
  'https://store.example/item?id=675330231400',
  'https://shop.example/product/?shop_type=taobao&id=726145768645',
  'https://item.taobao.com/',
  'https://item.taobao.com/item.htm?id=abc',
  'https://item.taobao.com/item.htm?id=12',
  'https://weidian.com/item.html',
  'https://detail.1688.com/',
  'https://detail.tmall.com/item.htm',
  // Short links must be opened to be read.
  'https://e.tb.cn/h.T8dxmP68pyc4u8t?tk=x8EDe1bZmZu',
  'https://m.superbuy.com/home/#/goodsDetail/?userId=2424498&url=https%3A%2F%2Fe.tb.cn%2Fh.T8dxmP68pyc4u8t%3Ftk%3Dx8EDe1bZmZu',
  // Pandabuy's encrypted links.
  'https://www.pandabuy.com/product?url=PJ9wmDFVd3v76X3rgKYsRxKKLjYDS%2BBFVp0GdAKYXCRMkx7gg84zB7SNapNjLwy7N2YcLYSO2fBXzdS67b9HMqOarCMoQC0MUE4E8w%3D%3D',
  'https://cnfans.com/product/?shop_type=amazon&id=726145768645',
  'https://cnfans.com/register/?ref=finder',
  'https://hoobuy.com/product/9/692787834585',
  'https://www.kakobuy.com/item/details?url=https%3A%2F%2Fstore.example%2Fitem%3Fid%3D123456',
  'https://www.kakobuy.com/item/details?url=%E0%A4%A',
  `https://item.taobao.com/item.htm?id=${'1'.repeat(30)}`,
  `https://example.com/?url=${'https%3A%2F%2Fexample.com%2F%3Furl%3D'.repeat(8)}`,
];

/**
 * The agents the first migration seeds (0012_agents_seed.sql), with the link each builds for one item of each
 * marketplace: the seed's templates are checked against the database in the agents' API test.
 */
export type SeededAgent = { slug: string; name: string } & Required<Pick<AgentLinkSettings, 'template'>> & {
    platformCodes: Record<string, string>;
  };

export const SEEDED_AGENTS: SeededAgent[] = [
  {
    slug: 'cnfans',
    name: 'CNFans',
    template: 'https://cnfans.com/product/?shop_type={platform}&id={id}&ref={ref}',
    platformCodes: { taobao: 'taobao', tmall: 'taobao', weidian: 'weidian', '1688': 'ali_1688' },
  },
  {
    slug: 'kakobuy',
    name: 'Kakobuy',
    template: 'https://www.kakobuy.com/item/details?url={url}&affcode={ref}',
    platformCodes: {},
  },
  {
    slug: 'hoobuy',
    name: 'Hoobuy',
    template: 'https://hoobuy.com/product/{platform}/{id}?inviteCode={ref}',
    platformCodes: { taobao: '1', tmall: '1', weidian: '2', '1688': '0' },
  },
  {
    slug: 'mulebuy',
    name: 'Mulebuy',
    template: 'https://mulebuy.com/product/?shop_type={platform}&id={id}&ref={ref}',
    platformCodes: { taobao: 'taobao', tmall: 'taobao', weidian: 'weidian', '1688': 'ali_1688' },
  },
  {
    slug: 'allchinabuy',
    name: 'AllChinaBuy',
    template: 'https://www.allchinabuy.com/en/page/buy/?from=search-input&url={url}&partnercode={ref}',
    platformCodes: {},
  },
  {
    slug: 'acbuy',
    name: 'ACBuy',
    template: 'https://www.acbuy.com/product?id={id}&source={platform}&u={ref}',
    platformCodes: { taobao: 'TB', tmall: 'TB', weidian: 'WD', '1688': 'AL' },
  },
  {
    slug: 'sugargoo',
    name: 'Sugargoo',
    template: 'https://www.sugargoo.com/#/home/productDetail?productLink={url}&memberId={ref}',
    platformCodes: {},
  },
  {
    slug: 'superbuy',
    name: 'Superbuy',
    template: 'https://www.superbuy.com/en/page/buy?from=search-input&url={url}&partnercode={ref}',
    platformCodes: {},
  },
  {
    slug: 'cssbuy',
    name: 'CSSBuy',
    template: 'https://www.cssbuy.com/item-{platform}{id}.html?promotionCode={ref}',
    platformCodes: { taobao: '', tmall: '', weidian: 'micro-', '1688': '1688-' },
  },
  {
    slug: 'joyabuy',
    name: 'Joyabuy',
    template: 'https://joyabuy.com/product/?shop_type={platform}&id={id}&ref={ref}',
    platformCodes: { taobao: 'taobao', tmall: 'taobao', weidian: 'weidian', '1688': 'ali_1688' },
  },
  {
    slug: 'oopbuy',
    name: 'Oopbuy',
    template: 'https://www.oopbuy.com/product/{platform}/{id}?inviteCode={ref}',
    platformCodes: { taobao: '1', tmall: '1', weidian: '2', '1688': '0' },
  },
];

/** Links built from templates: agent, item, referral code, the link. */
export const BUILT_LINKS: Array<[slug: string, source: ItemSource, referral: string, link: string]> = [
  ['cnfans', taobao('675330231400'), '', 'https://cnfans.com/product/?shop_type=taobao&id=675330231400'],
  ['cnfans', weidian('7231813762'), 'finder', 'https://cnfans.com/product/?shop_type=weidian&id=7231813762&ref=finder'],
  ['cnfans', alibaba('641649880094'), '', 'https://cnfans.com/product/?shop_type=ali_1688&id=641649880094'],
  [
    'kakobuy',
    taobao('535661183265'),
    'abc',
    'https://www.kakobuy.com/item/details?url=https%3A%2F%2Fitem.taobao.com%2Fitem.htm%3Fid%3D535661183265&affcode=abc',
  ],
  [
    'kakobuy',
    weidian('7231813762'),
    '',
    'https://www.kakobuy.com/item/details?url=https%3A%2F%2Fweidian.com%2Fitem.html%3FitemID%3D7231813762',
  ],
  ['hoobuy', taobao('692787834585'), '2X6A1vRD', 'https://hoobuy.com/product/1/692787834585?inviteCode=2X6A1vRD'],
  ['hoobuy', weidian('7234262753'), '', 'https://hoobuy.com/product/2/7234262753'],
  ['mulebuy', tmall('625144747417'), '200000069', 'https://mulebuy.com/product/?shop_type=taobao&id=625144747417&ref=200000069'],
  [
    'allchinabuy',
    weidian('7260605276'),
    'wrf7xD',
    'https://www.allchinabuy.com/en/page/buy/?from=search-input&url=https%3A%2F%2Fweidian.com%2Fitem.html%3FitemID%3D7260605276&partnercode=wrf7xD',
  ],
  ['acbuy', taobao('676700645113'), '', 'https://www.acbuy.com/product?id=676700645113&source=TB'],
  ['acbuy', alibaba('641649880094'), 'a b&c', 'https://www.acbuy.com/product?id=641649880094&source=AL&u=a%20b%26c'],
  [
    'sugargoo',
    taobao('695240235157'),
    '123',
    'https://www.sugargoo.com/#/home/productDetail?productLink=https%3A%2F%2Fitem.taobao.com%2Fitem.htm%3Fid%3D695240235157&memberId=123',
  ],
  [
    'superbuy',
    tmall('66608981238'),
    '',
    'https://www.superbuy.com/en/page/buy?from=search-input&url=https%3A%2F%2Fdetail.tmall.com%2Fitem.htm%3Fid%3D66608981238',
  ],
  ['cssbuy', taobao('675330231400'), 'Y2h3', 'https://www.cssbuy.com/item-675330231400.html?promotionCode=Y2h3'],
  ['cssbuy', weidian('4480454092'), '', 'https://www.cssbuy.com/item-micro-4480454092.html'],
  ['cssbuy', alibaba('641649880094'), '', 'https://www.cssbuy.com/item-1688-641649880094.html'],
  ['joyabuy', weidian('7231813762'), '', 'https://joyabuy.com/product/?shop_type=weidian&id=7231813762'],
  ['oopbuy', weidian('7231813762'), 'test', 'https://www.oopbuy.com/product/2/7231813762?inviteCode=test'],
];
