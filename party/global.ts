// One instance ('main') for everyone: global notifications and promotions (spec §7 global channels).
import { LiveServer } from './live-server';

export class Global extends LiveServer {}
