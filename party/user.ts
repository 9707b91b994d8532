// The user's Durable Object, named by user id (or by the guest id cookie before login): the user's
// live channels now; the cart and the session list join it in later issues (DESIGN.md).
import { LiveServer } from './live-server';

export class User extends LiveServer {}
