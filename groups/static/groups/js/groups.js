// The groups page's two forms (start a group, join with a code) and the invite link's Join
// button: each a write to the API, then the group's page. The list of groups is the server's.
import { api } from "../../puzzles/js/api.js";

function showError(root, text) {
  const box = root.querySelector("[data-message]");
  box.className = "error-box";
  box.textContent = text;
  box.hidden = !text;
}

function listPage(root) {
  const submit = (selector, call) => root.querySelector(selector).addEventListener("submit", async (event) => {
    event.preventDefault();
    showError(root, "");
    try {
      const group = await call(new FormData(event.target));
      location.href = `/groups/${group.id}/`;
    } catch (error) {
      showError(root, error.message);
    }
  });
  submit("[data-create-form]", (form) => api.createGroup(form.get("name")));
  submit("[data-join-form]", (form) => api.joinGroup(form.get("invite_code")));
}

function joinPage(root) {
  const button = root.querySelector('[data-action="join"]');
  if (!button) return;
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const group = await api.joinGroup(root.dataset.inviteCode);
      location.href = `/groups/${group.id}/`;
    } catch (error) {
      button.disabled = false;
      showError(root, error.message);
    }
  });
}

const list = document.querySelector("[data-groups-root]");
if (list) listPage(list);
const join = document.querySelector("[data-join-root]");
if (join) joinPage(join);
