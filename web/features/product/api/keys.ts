/** Apart from get-product.ts: the first bundle seeds this key, and the rest of that file loads with the product page. */
export const productQueryKey = (number: number) => ['product', number] as const;
