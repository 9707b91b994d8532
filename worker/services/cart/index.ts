// Cart: the cart in the Cart/User object (cart), its items' options and SSL names, and the view the
// pages show (cart-view).
// The area's public face: other areas, routes, the API and cron import from here, never an inner file.
export { createCartService, type CartLine, type CartOwner, type CartView } from './cart';
export { type SslNamesProblem, type SslNamesView } from './cart-ssl';
export { optionChoices } from './cart-view';
export { offeredFromTld } from './cart-view';
