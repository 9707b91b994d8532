export * from './catalog';
export * from './accounts';
export * from './domains';
export * from './contacts';
export * from './payments';
export * from './orders';
export * from './fulfilment-sandboxes';
export * from './audit';
