// Which addresses the back office's own frame draws (routes/admin.tsx, handle.frame 'staff'): /admin
// and everything under it, but the invitation page (routes/admin_.invitation.tsx), which is outside
// that layout and keeps the storefront's. The root loader reads it before any route has matched, so
// the rule is the address; Remix's own fetches (`/admin/orders.data`) count as their page.
export function isStaffFramePath(pathname: string): boolean {
  const path = pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname;
  if (path === '/admin/invitation') return false;
  return path === '/admin' || path.startsWith('/admin/');
}
