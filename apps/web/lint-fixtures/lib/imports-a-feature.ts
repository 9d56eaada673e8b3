import { useWallet } from '#web/features/wallet/api/get-wallet.ts';

export const borrowed = useWallet;
