import { MiningSessionController } from '#web/features/mining/components/mining-session-controller.tsx';
import { LiveUpdates } from './live-updates.tsx';

/**
 * What runs for a signed-in user whatever page is open: the one event stream and the miner. Loaded
 * only once someone signs in, so visitors never download it.
 */
export default function SignedInServices() {
  return (
    <>
      <LiveUpdates />
      <MiningSessionController />
    </>
  );
}
