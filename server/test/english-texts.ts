// Every test file starts with the English catalogues loaded, as every English page does (web/main.tsx loads its
// language's first view; routes load the rest): a sentence with a placeholder or a plural is written from its
// compiled message, which only the catalogue holds (Lingui's runtime answers a message it lacks with its id,
// placeholders unfilled). Without this, a unit test of such a text passed only after another file built an app.
import { loadCatalogue } from '../../common/catalogues';

await Promise.all([loadCatalogue('en', 'first'), loadCatalogue('en', 'pages'), loadCatalogue('en', 'admin')]);
