// The offline page's theme: the saved one, else the system's, the rule public/first-paint.js
// applies to every other page. A file of its own, precached with the offline page: first-paint.js
// is not precached, so a page the server sends always gets the first-paint.js of its own version.
(() => {
  let saved = null;
  try {
    saved = window.localStorage.getItem('btcp-theme');
  } catch (_) {}
  const dark =
    saved === 'dark' ||
    (saved !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
})();
