/* Loaded by the generated service worker (scripts/build-service-worker.mjs) before Workbox's routes. */

// Runtime caches hold only public files, but a signed-out device should keep nothing from the
// session: clear them when the sign-out form posts (with or without JavaScript, as a page
// navigation or as Remix's single-fetch `.data` request). The precache (app shell, offline page) stays.
self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "POST") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname !== "/auth/sign-out" && url.pathname !== "/auth/sign-out.data") return;
  event.waitUntil(clearRuntimeCaches());
});

// The page asks for this too (belt and braces: a sign-out that happened while no worker controlled the page).
self.addEventListener("message", function (event) {
  if (event.data && event.data.type === "CLEAR_RUNTIME_CACHES") event.waitUntil(clearRuntimeCaches());
});

function clearRuntimeCaches() {
  return caches.keys().then(function (names) {
    return Promise.all(
      names
        .filter(function (name) {
          return name.indexOf("workbox-precache") !== 0;
        })
        .map(function (name) {
          return caches.delete(name);
        }),
    );
  });
}
