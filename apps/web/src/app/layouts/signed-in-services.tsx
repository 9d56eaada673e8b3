import { MiningSessionController } from '#web/features/mining/components/mining-session-controller.tsx';
import { PushOfferOnReply } from '#web/features/notifications/components/push-offer-toast.tsx';
import { LiveUpdates } from './live-updates.tsx';

/**
 * What runs for a signed-in user whatever page is open: the one event stream, the miner and the
 * push offer after a reply. Loaded only once someone signs in, so visitors never download it.
 */
export default function SignedInServices() {
  return (
    <>
      <LiveUpdates />
      <MiningSessionController />
      <PushOfferOnReply />
    </>
  );
}
