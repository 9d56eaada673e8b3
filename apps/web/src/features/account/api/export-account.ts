import { apiRequest } from '#web/lib/api-client.ts';

/** Fetches the export and hands it to the browser as a file named like the server names it. */
export async function downloadAccountData(): Promise<void> {
  const data = await apiRequest<unknown>('/account/export');
  const day = new Date().toISOString().slice(0, 10);
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = `btcp-account-${day}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
