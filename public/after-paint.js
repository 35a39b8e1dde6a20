// Prerendered public pages (landing.html, catalog.html; scripts/lib/prerender-public.ts) start their
// JavaScript after the first paint: on a slow phone the HTML and the CSS get the bandwidth and the CPU
// first, and the page is on screen before React (which then mounts the same page over it) is even fetched.
(() => {
  const { entry, preload } = document.currentScript.dataset;
  const start = () => {
    for (const href of preload.split(' ').filter(Boolean)) {
      const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' });
      document.head.append(link);
    }
    document.head.append(Object.assign(document.createElement('script'), { type: 'module', src: entry, crossOrigin: '' }));
  };
  // A hidden tab paints nothing (no animation frames): start at once there.
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
})();
