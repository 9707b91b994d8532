import { itStartsFresh } from './fresh-start';

itStartsFresh('b');
