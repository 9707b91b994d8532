// Every namespace of this language, bundled as one chunk for the browser.
import catalog from './catalog.json';
import common from './common.json';
import countries from './countries.json';
import errors from './errors.json';

export const bundle = { common, errors, catalog, countries };
