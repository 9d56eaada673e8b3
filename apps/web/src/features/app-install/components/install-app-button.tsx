import { Download } from 'lucide-react';
import { SidebarButton } from '#web/components/ui/sidebar.tsx';
import { acceptInstallOffer, useInstallOffer } from '../lib/install-offer.ts';

/**
 * "Install app" in the member's account menu, only where the browser has offered to install it;
 * the browser's own dialog does the rest. Never offered unasked (docs/decisions/061).
 */
export function InstallAppButton() {
  const offer = useInstallOffer();
  if (!offer) return null;
  return (
    <SidebarButton
      icon={Download}
      label="Install app"
      onClick={() => void acceptInstallOffer(offer)}
    />
  );
}
