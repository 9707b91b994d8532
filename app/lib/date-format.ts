// The one date helper lives in core/ (the worker's mails and notices use it too); pages import it here.
export { athensFormat } from '../../core/date-format';
