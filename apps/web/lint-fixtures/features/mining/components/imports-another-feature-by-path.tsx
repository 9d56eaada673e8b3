import { useWallet } from '../../wallet/api/get-wallet.ts';

export const borrowed = useWallet;
