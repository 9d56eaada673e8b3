import { Outlet } from 'react-router';

export function PublicLayout() {
  return (
    <main id="main">
      <Outlet />
    </main>
  );
}
