import { type PushState, pushMessages } from '@btcp/shared/push';
import type { ReactNode } from 'react';
import { FormCard } from '#web/components/form-card.tsx';
import { Alert, RetryAlert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SkeletonStack } from '#web/components/ui/skeleton.tsx';
import { usePushState } from '../api/push.ts';
import { usePushDevice } from '../hooks/use-push-device.ts';
import { PushDevices } from './push-devices.tsx';
import { PushKinds } from './push-kinds.tsx';

type PushDeviceControls = ReturnType<typeof usePushDevice>;

/**
 * What this browser can do: nothing when the admin turned push off, it cannot receive push or
 * notifications are blocked; otherwise Turn on, or Turn off once it is subscribed.
 */
function ThisDevice({ state, device }: { state: PushState; device: PushDeviceControls }) {
  const here = state.devices.find((listed) => listed.endpoint === device.endpoint);
  if (!state.enabled) return <Alert tone="info">{pushMessages.disabledByAdmin}</Alert>;
  if (!device.supported) return <Alert tone="info">{pushMessages.unsupported}</Alert>;
  if (device.permission === 'denied') return <Alert tone="info">{pushMessages.blocked}</Alert>;
  if (here) {
    return (
      <Button
        variant="outline"
        className="justify-self-start"
        disabled={device.busy}
        onClick={() => void device.remove(here)}
      >
        {pushMessages.turnOff}
      </Button>
    );
  }
  return (
    <Button
      className="justify-self-start"
      disabled={device.busy}
      aria-busy={device.busy}
      onClick={() => void device.turnOn(state.publicKey)}
    >
      {pushMessages.turnOn}
    </Button>
  );
}

/**
 * The notifications page's push settings (decision 063): this device, the kinds to send and the
 * devices that get them. The browser is asked for permission only when Turn on is clicked.
 */
export function PushCard() {
  const state = usePushState();
  const device = usePushDevice();
  let body: ReactNode;
  if (state.isPending) {
    body = (
      <div role="status" aria-label={pushMessages.loading}>
        <SkeletonStack lines={['h-9 w-56', 'h-6', 'h-6', 'h-6']} className="grid gap-4" />
      </div>
    );
  } else if (state.isError) {
    body = (
      <RetryAlert onRetry={() => void state.refetch()}>{pushMessages.errorLoading}</RetryAlert>
    );
  } else {
    body = (
      <div className="grid gap-6">
        <ThisDevice state={state.data} device={device} />
        {state.data.enabled ? <PushKinds preferences={state.data.preferences} /> : null}
        <PushDevices
          devices={state.data.devices}
          thisEndpoint={device.endpoint}
          busy={device.busy}
          onRemove={(listed) => void device.remove(listed)}
        />
      </div>
    );
  }
  return (
    <FormCard title={pushMessages.cardTitle} description={pushMessages.cardDescription}>
      {body}
    </FormCard>
  );
}
