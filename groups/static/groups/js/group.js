// A group's page (rendered by the server): what a member does there. Copy the invite link;
// the owner draws a new code or removes a member; anyone leaves. Each write is the API's,
// then the page is loaded again (the server draws the new members and code).
import { api } from "../../puzzles/js/api.js";
import { $, gettext, interpolate } from "../../puzzles/js/dom.js";

const root = $("[data-group-root]");
const groupId = root.dataset.groupId;

// Runs an API write; on success reloads the page (or goes to ``then``), else says why.
async function write(action, then = null) {
  const box = $("[data-message]", root);
  box.hidden = true;
  try {
    await action();
  } catch (error) {
    box.className = "error-box";
    box.textContent = error.message;
    box.hidden = false;
    return;
  }
  if (then) location.href = then;
  else location.reload();
}

$('[data-action="copy-invite"]', root).addEventListener("click", async (event) => {
  try {
    await navigator.clipboard.writeText($("[data-invite-link]", root).value);
    event.target.textContent = gettext("Copied!");
  } catch {
    $("[data-invite-link]", root).select();
  }
});
$('[data-action="new-invite"]', root)?.addEventListener("click", () => {
  if (confirm(gettext("Make a new invite code? The old code and link stop working."))) write(() => api.rotateInvite(groupId));
});
for (const button of root.querySelectorAll("[data-remove]")) {
  button.addEventListener("click", () => {
    const group = $("[data-heading]", root).textContent;
    if (confirm(interpolate(gettext("Remove %(name)s from %(group)s?"), { name: button.dataset.name, group }))) write(() => api.removeMember(groupId, button.dataset.remove));
  });
}
$('[data-action="leave"]', root).addEventListener("click", () => {
  if (confirm(gettext("Leave this group?"))) write(() => api.removeMember(groupId, root.dataset.username), "/groups/");
});
