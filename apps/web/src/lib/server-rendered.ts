import type { DehydratedState } from '@tanstack/react-query';

/**
 * What the server hands the browser beside a page it rendered (entry-server.tsx): the API answers
 * the page showed, and the moment and origin it was rendered with, so
 * the first render in the browser is the server's render exactly and hydration finds no mismatch.
 * It travels as JSON in a non-executable script element (the CSP allows no inline script).
 */
export interface ServerRenderedData {
  queries: DehydratedState;
  renderedAt: number;
  /** The configured origin the server judged links against (never the request's Host). */
  origin: string;
}

export const SERVER_DATA_ELEMENT_ID = 'server-data';

/**
 * JSON that is safe inside a <script> element: `<` is written as \u003c, so a user's text such as
 * `</script>` or `<!--` cannot end the element or open a comment; U+2028 and U+2029 are escaped
 * for old parsers that read JSON as JavaScript.
 */
export function serializeForScript(data: ServerRenderedData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function readServerRenderedData(): ServerRenderedData | null {
  const element = document.getElementById(SERVER_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  return JSON.parse(element.textContent) as ServerRenderedData;
}
