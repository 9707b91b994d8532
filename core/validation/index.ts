// The validation rules of spec §5 and their messages, for routes, handlers and parties.
export * from './messages';
export * from './rules';
