// The one schema both drivers use; drizzle-kit reads this file to write migrations.
export { categories, images, products } from './catalogue';
