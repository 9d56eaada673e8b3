import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { useDebouncedValue } from '#web/hooks/use-debounced-value.ts';
import { apiGet } from '#web/lib/api-client.ts';
import { useMiningStatus } from '../api/get-mining-status.ts';
import { MiningPanel } from './mining-panel.tsx';

export const used = [useState, Button, useDebouncedValue, apiGet, useMiningStatus, MiningPanel];
