export { createCartService, type CartLine, type CartOwner, type CartView } from './cart';
export { type SslNamesProblem, type SslNamesView } from './cart-ssl';
