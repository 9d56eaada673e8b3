// Runs before first paint (docs/decisions/016).
(() => {
  // The saved theme, else the system's.
  let saved = null;
  try {
    saved = window.localStorage.getItem('btcp-theme');
  } catch (_) {}
  const applyTheme = (dark) => {
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  };
  applyTheme(
    saved === 'dark' ||
      (saved !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches),
  );
  // The theme button needs nothing of the app (src/lib/theme.ts does the same): pressed before
  // the app is there, it switches and saves the theme at once, so a reload straight after keeps it.
  const toggleTheme = () => {
    const dark = !document.documentElement.classList.contains('dark');
    applyTheme(dark);
    try {
      window.localStorage.setItem('btcp-theme', dark ? 'dark' : 'light');
    } catch (_) {}
  };

  // A page the server rendered is on screen without the app: its scripts wait in
  // <template id="app-scripts"> until the page has loaded and painted, so on a slow network the
  // stylesheet and the page's images do not share the bandwidth with them.
  let waiting = null;
  const start = () => {
    // Fresh elements (a template's own scripts never run), added at once.
    const elements = document.createDocumentFragment();
    for (const tag of Array.from(waiting.content.children)) {
      const element = document.createElement(tag.localName);
      for (const attribute of Array.from(tag.attributes)) {
        element.setAttribute(attribute.name, attribute.value);
      }
      elements.append(element);
    }
    document.body.append(elements);
  };
  const painted = new Promise((resolve) => {
    // A hidden tab does not paint, and an old browser does not say when it did: start on load.
    const types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (types.indexOf('paint') < 0 || document.visibilityState !== 'visible') return resolve();
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint', buffered: true });
  });
  const loaded = new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  // A button pressed before the app has taken the page over is pressed again once it has (the
  // app says so with the 'btcp:hydrating' event), but for the theme button, which acts at once.
  // A link works without the app, and so does a form with an action of its own (the search box):
  // the browser sends it and the server renders the answer, so pressing it again would send it
  // twice. Any other form is kept from sending itself to the page's own address meanwhile.
  const pressed = [];
  const remember = (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    if (button.hasAttribute('data-theme-toggle')) return toggleTheme();
    const sends = button.type === 'submit' && button.form;
    if (sends && button.form.hasAttribute('action')) return;
    if (sends) event.preventDefault();
    pressed.push(button);
  };
  document.addEventListener('click', remember, true);
  document.addEventListener(
    'btcp:hydrating',
    () => {
      document.removeEventListener('click', remember, true);
      for (const button of pressed.splice(0)) if (button.isConnected) button.click();
    },
    { once: true },
  );
  // The browser's offer to install the app waits for the member's account menu (its Install
  // item, src/features/app-install), never shown on arrival: heard here because it can come
  // before the app has loaded, and kept from the browser's own banner.
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    window.btcpInstallOffer = event;
    document.dispatchEvent(new Event('btcp:install-offer'));
  });
  document.addEventListener('DOMContentLoaded', () => {
    waiting = document.getElementById('app-scripts');
    if (waiting) Promise.all([painted, loaded]).then(() => setTimeout(start));
    else document.removeEventListener('click', remember, true);
  });
})();
