import { itStartsFresh } from './fresh-start';

itStartsFresh('a');
