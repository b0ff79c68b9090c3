// The groups page (your groups, create one, join by code) and the invite link's Join button.
import { api } from "./api.js";
import { el, showError as panelError } from "./panel.js";

const showError = (root, text) => panelError(root.querySelector("[data-message]"), text);

async function listPage(root) {
  const list = root.querySelector("[data-group-list]");
  const render = (groups) => {
    const items = groups.map((group) => el("li", { "data-group": group.id }, [
      el("a", { href: `/groups/${group.id}/`, text: group.name }),
      el("span", { class: "muted", text: ` · ${group.member_count} member${group.member_count === 1 ? "" : "s"}` }),
    ]));
    list.replaceChildren(...(items.length ? items
      : [el("li", { class: "muted", text: "None yet: start one and send your friends the link." })]));
  };
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
  try {
    render(await api.groups());
  } catch (error) {
    if (error.status === 403) render([]); // a visitor who has not played yet: no groups
    else showError(root, error.message);
  }
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
