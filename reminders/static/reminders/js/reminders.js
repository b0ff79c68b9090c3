// The reminder form (reminders/_account_section.html): the time zone starts at the browser's
// own until the player has chosen one; "notify this device" subscribes this browser to push
// (its permission asked) before the form is sent, and turning it off forgets the browser.
import { gettext } from "../../puzzles/js/dom.js";

const form = document.querySelector("[data-reminders]");
const zoneSelect = document.querySelector("[data-reminder-time-zone]");
if (zoneSelect) {
  // The browser's own zone first, by its name; chosen until the player has chosen one.
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if ([...zoneSelect.options].some((option) => option.value === zone)) {
    const mine = new Option(`${zoneSelect.dataset.deviceLabel}: ${zone}`, zone);
    mine.dataset.deviceZone = "";
    zoneSelect.prepend(mine);
    if (zoneSelect.dataset.chosen !== "true") zoneSelect.value = zone;
    else if (zoneSelect.value === zone) mine.selected = true;
  }
}

function csrf() {
  return form.querySelector("input[name=csrfmiddlewaretoken]").value;
}

async function call(method, body) {
  const answer = await fetch("/api/me/push-subscriptions/", {
    method, credentials: "same-origin", body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
  });
  if (!answer.ok) throw new Error(`${answer.status}`);
}

function keyBytes(base64url) {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

async function browserSubscription() {
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  await navigator.serviceWorker.ready;
  return { registration, current: await registration.pushManager.getSubscription() };
}

async function syncPush(wanted) {
  const { registration, current } = await browserSubscription();
  if (wanted) {
    if ((await Notification.requestPermission()) !== "granted") {
      throw new Error(gettext("Notifications are blocked for this site in the browser."));
    }
    const subscription = current || (await registration.pushManager.subscribe({
      userVisibleOnly: true, applicationServerKey: keyBytes(form.dataset.pushKey),
    }));
    await call("POST", subscription.toJSON());
  } else if (current) {
    await call("DELETE", { endpoint: current.endpoint });
    await current.unsubscribe();
  }
}

const pushBox = form && form.querySelector("[data-reminder-push]");
if (pushBox) {
  const problem = form.querySelector("[data-push-problem]");
  const supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  form.addEventListener("submit", async (event) => {
    if (!supported) {
      if (!pushBox.checked) return;
      event.preventDefault();
      problem.textContent = gettext("This browser cannot receive notifications.");
      problem.hidden = false;
      return;
    }
    if (form.dataset.synced === "true") return;
    event.preventDefault();
    try {
      await syncPush(pushBox.checked);
    } catch (error) {
      problem.textContent = error.message;
      problem.hidden = false;
      return;
    }
    form.dataset.synced = "true";
    form.requestSubmit();
  });
}
