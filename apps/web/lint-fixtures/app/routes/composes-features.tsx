import { MiningPanel } from '#web/features/mining/components/mining-panel.tsx';
import { WalletCard } from '#web/features/wallet/components/wallet-card.tsx';
import { cn } from '#web/lib/cn.ts';

export const used = [MiningPanel, WalletCard, cn];
