import { useWallet } from '../features/wallet/api/get-wallet.ts';

export const borrowed = useWallet;
