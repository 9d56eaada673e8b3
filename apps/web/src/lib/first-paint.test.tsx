import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { ThemeToggle } from '../components/theme-toggle.tsx';
import { THEME_STORAGE_KEY } from './theme.ts';

/**
 * public/first-paint.js on a page the server rendered, before the app has taken it over: the
 * page's buttons are the server's markup, with nothing of the app listening to them.
 */
const script = readFileSync(path.join(import.meta.dirname, '../../public/first-paint.js'), 'utf8');
const html = document.documentElement;

function serverRenderedPage(markup: string) {
  document.body.innerHTML = `${markup}<template id="app-scripts"></template>`;
  new Function(script)();
  document.dispatchEvent(new Event('DOMContentLoaded'));
}

/** The app takes the page over (src/main.tsx says so after hydrating). */
const appTakesOver = () => document.dispatchEvent(new Event('btcp:hydrating'));

afterEach(() => {
  appTakesOver();
  document.body.innerHTML = '';
});

it('keeps a theme chosen before the app has taken the page over at once, so a reload keeps it', () => {
  serverRenderedPage(renderToStaticMarkup(<ThemeToggle />));
  expect(html).not.toHaveClass('dark');
  screen.getByRole('button', { name: 'Toggle theme' }).click();
  expect(html).toHaveClass('dark');
  expect(html.style.colorScheme).toBe('dark');
  expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

  // Once the app is there, the choice is not made a second time.
  appTakesOver();
  expect(html).toHaveClass('dark');
  expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
});

it('presses another button pressed before the app again once the app has taken the page over', () => {
  serverRenderedPage('<button type="button">Open menu</button>');
  const button = screen.getByRole('button', { name: 'Open menu' });
  let pressed = 0;
  button.click();
  button.addEventListener('click', () => {
    pressed += 1;
  });
  appTakesOver();
  expect(pressed).toBe(1);
});

/** A form of the page, counting the times it is sent (jsdom sends nowhere). */
function countSends(form: HTMLFormElement) {
  const sent = { times: 0 };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    sent.times += 1;
  });
  return sent;
}

it('leaves a form with an action of its own to the browser, and does not send it again', () => {
  serverRenderedPage(
    '<form action="/community" method="get"><input name="q" value="fan"><button>Search</button></form>',
  );
  const button = screen.getByRole('button', { name: 'Search' });
  const sent = countSends(button.closest('form') as HTMLFormElement);
  button.click();
  expect(sent.times).toBe(1);
  appTakesOver();
  expect(sent.times).toBe(1);
});

it('keeps a form without an action from sending itself before the app, then sends it through the app', () => {
  serverRenderedPage('<form><input name="comment" value="Hello"><button>Comment</button></form>');
  const button = screen.getByRole('button', { name: 'Comment' });
  const sent = countSends(button.closest('form') as HTMLFormElement);
  button.click();
  expect(sent.times).toBe(0);
  appTakesOver();
  expect(sent.times).toBe(1);
});
