{% autoescape off %}// Calico Daily's service worker (puzzles/web/app.py says what it keeps and why).
const CACHE = "{{ version }}";
const STATIC = "{{ static_prefix|escapejs }}";
const OFFLINE = "{{ offline|escapejs }}";
const KEEP = [OFFLINE{% for url in keep %}, "{{ url|escapejs }}"{% endfor %}];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(KEEP)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

// A static file: the network first (a new release shows at once), its copy when offline.
async function staticFile(request) {
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(request);
    if (answer.ok) cache.put(request, answer.clone());
    return answer;
  } catch (error) {
    const copy = await cache.match(request);
    if (copy) return copy;
    throw error;
  }
}

// A page: always the network; without one, the offline page (never an old copy of a game).
async function page(request) {
  try {
    return await fetch(request);
  } catch (error) {
    return (await caches.match(OFFLINE)) || Response.error();
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith(STATIC)) event.respondWith(staticFile(request));
  else if (request.mode === "navigate") event.respondWith(page(request));
  // anything else (the API above all) goes to the network untouched, never to a cache
});

// A push reminder (reminders/push.py: {title, body, url}): shown; a tap opens the site.
self.addEventListener("push", (event) => {
  let reminder = {};
  try { reminder = event.data ? event.data.json() : {}; } catch (error) { reminder = {}; }
  event.waitUntil(self.registration.showNotification(reminder.title || "Calico Daily", {
    body: reminder.body || "", icon: `${STATIC}puzzles/icons/icon-192.png`, data: { url: reminder.url || "/" },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(event.notification.data.url));
});
{% endautoescape %}
