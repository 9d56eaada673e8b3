import { apiRequest } from '#web/lib/api-client.ts';
import { saveFile } from '#web/lib/save-file.ts';

/** Fetches the export and hands it to the browser as a file named like the server names it. */
export async function downloadAccountData(): Promise<void> {
  const data = await apiRequest<unknown>('/account/export');
  const day = new Date().toISOString().slice(0, 10);
  saveFile(`btcp-account-${day}.json`, JSON.stringify(data, null, 2), 'application/json');
}
