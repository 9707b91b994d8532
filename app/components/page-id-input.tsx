import { useEffect, useState } from 'react';
import { getPageId } from '../lib/page-id';

/** The page's unique_id in a form, so live events this submission causes are ignored by this page. */
export function PageIdInput() {
  const [id, setId] = useState('');
  useEffect(() => setId(getPageId()), []);
  return <input type="hidden" name="unique_id" value={id} />;
}
