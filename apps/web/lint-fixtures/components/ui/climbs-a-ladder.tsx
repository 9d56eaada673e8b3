import { cn } from '../../lib/cn.ts';

export const borrowed = cn;
