// Runs before first paint: the saved theme, else the system's (spec: route table, theme note).
(() => {
  var saved = null;
  try {
    saved = window.localStorage.getItem('btcp-theme');
  } catch (_) {}
  var dark =
    saved === 'dark' ||
    (saved !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
