-- The common shopping agents and their public link formats (issue 16; shapes as cachho/cn-links reads them),
-- CNFans the default. Referral codes start empty: the operator fills in theirs in the dashboard's Agents tab.
-- Safe to run again: an agent already there (by slug) keeps what the operator made of it.
INSERT INTO "agents" ("slug", "name", "link_template", "platform_codes", "referral_code", "enabled", "position", "is_default")
VALUES
  ('cnfans', 'CNFans', 'https://cnfans.com/product/?shop_type={platform}&id={id}&ref={ref}', '{"1688":"ali_1688","taobao":"taobao","tmall":"taobao","weidian":"weidian"}'::jsonb, '', true, 0, true),
  ('kakobuy', 'Kakobuy', 'https://www.kakobuy.com/item/details?url={url}&affcode={ref}', '{}'::jsonb, '', true, 1, false),
  ('hoobuy', 'Hoobuy', 'https://hoobuy.com/product/{platform}/{id}?inviteCode={ref}', '{"1688":"0","taobao":"1","tmall":"1","weidian":"2"}'::jsonb, '', true, 2, false),
  ('mulebuy', 'Mulebuy', 'https://mulebuy.com/product/?shop_type={platform}&id={id}&ref={ref}', '{"1688":"ali_1688","taobao":"taobao","tmall":"taobao","weidian":"weidian"}'::jsonb, '', true, 3, false),
  ('allchinabuy', 'AllChinaBuy', 'https://www.allchinabuy.com/en/page/buy/?from=search-input&url={url}&partnercode={ref}', '{}'::jsonb, '', true, 4, false),
  ('acbuy', 'ACBuy', 'https://www.acbuy.com/product?id={id}&source={platform}&u={ref}', '{"1688":"AL","taobao":"TB","tmall":"TB","weidian":"WD"}'::jsonb, '', true, 5, false),
  ('sugargoo', 'Sugargoo', 'https://www.sugargoo.com/#/home/productDetail?productLink={url}&memberId={ref}', '{}'::jsonb, '', true, 6, false),
  ('superbuy', 'Superbuy', 'https://www.superbuy.com/en/page/buy?from=search-input&url={url}&partnercode={ref}', '{}'::jsonb, '', true, 7, false),
  ('cssbuy', 'CSSBuy', 'https://www.cssbuy.com/item-{platform}{id}.html?promotionCode={ref}', '{"1688":"1688-","taobao":"","tmall":"","weidian":"micro-"}'::jsonb, '', true, 8, false),
  ('joyabuy', 'Joyabuy', 'https://joyabuy.com/product/?shop_type={platform}&id={id}&ref={ref}', '{"1688":"ali_1688","taobao":"taobao","tmall":"taobao","weidian":"weidian"}'::jsonb, '', true, 9, false),
  ('oopbuy', 'Oopbuy', 'https://www.oopbuy.com/product/{platform}/{id}?inviteCode={ref}', '{"1688":"0","taobao":"1","tmall":"1","weidian":"2"}'::jsonb, '', true, 10, false)
ON CONFLICT DO NOTHING;
