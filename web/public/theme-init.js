// Applied before first paint so a stored dark theme or right-to-left language
// never flashes. A file of its own (not inline) so the Content-Security-Policy
// can forbid inline scripts.
(function () {
  try {
    if (localStorage.getItem('theme') === 'dark') document.documentElement.classList.add('dark');
    var lng = localStorage.getItem('i18nextLng');
    if (lng) {
      document.documentElement.lang = lng;
      document.documentElement.dir = lng.slice(0, 2) === 'ar' ? 'rtl' : 'ltr';
    }
  } catch (e) {
    /* storage unavailable: defaults apply */
  }
})();
