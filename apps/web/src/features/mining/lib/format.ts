/** Seconds as 'HH:MM:SS'; hours keep counting past 99. */
export function formatElapsed(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/** An hourly rate from the server ('100.00000000') as people say it ('100', '0.5'). */
export function formatRate(decimal: string): string {
  const [whole = '0', fraction = ''] = decimal.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return trimmed ? `${whole}.${trimmed}` : whole;
}

/**
 * The estimate is the hourly rate times the hours mined. It is a display figure only; what
 * the wallet receives is computed by the server (D1, D11).
 */
export function estimateEarnings(hourlyRate: string, elapsedSeconds: number): string {
  return ((Number(hourlyRate) * Math.max(0, elapsedSeconds)) / 3600).toFixed(8);
}
