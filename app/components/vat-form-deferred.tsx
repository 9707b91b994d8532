// The VAT control's code is loaded when it is first wanted (issue #21 §4): the modal when it opens
// (or the chip is pointed at), the side navigation's section when the drawer opens. About 2 KB of
// the home page's first JavaScript that most visits never use. The server renders the form as
// before; until the module has loaded, the section keeps the server's HTML (a plain POST to
// /settings, which works without the module), as decision 067's deferred parts do.
import { deferredPart, keepServerHtml } from '../lib/deferred-part';
import * as serverModule from './vat-form';

const vatForm = deferredPart(() => import('./vat-form'), import.meta.env.SSR ? serverModule : undefined);

/** Starts loading the form's code (e.g. when the pointer reaches the VAT chip). */
export const preloadVatForm = vatForm.preload;

type Props = Parameters<typeof serverModule.VatForm>[0] & { wanted: boolean };

export function DeferredVatForm({ wanted, ...props }: Props) {
  const module = vatForm.useModule(wanted);
  if (module) {
    return (
      <div className="vat-form-part">
        <module.VatForm {...props} />
      </div>
    );
  }
  return <div className="vat-form-part" {...keepServerHtml} />;
}
