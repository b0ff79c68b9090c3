// The header's menu on a phone: one button that shows or hides the site's links (a
// disclosure: aria-expanded on the button, the list right after it in the tab order). On a
// wider screen the CSS shows the links in a row and ignores the button's state.

function wire() {
  const button = document.querySelector("[data-menu-button]");
  const header = button?.closest(".site-header");
  if (!header) return;

  const setOpen = (open) => {
    button.setAttribute("aria-expanded", String(open));
    header.toggleAttribute("data-menu-open", open);
  };

  button.addEventListener("click", () => setOpen(button.getAttribute("aria-expanded") !== "true"));
  // Escape closes the list from anywhere in it and gives the focus back to the button.
  header.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || button.getAttribute("aria-expanded") !== "true") return;
    setOpen(false);
    button.focus();
  });
  // A tap or a focus outside the header closes it, so it never hides the page it opened over.
  const outside = (event) => {
    if (button.getAttribute("aria-expanded") === "true" && !header.contains(event.target)) setOpen(false);
  };
  document.addEventListener("click", outside);
  document.addEventListener("focusin", outside);
}

wire();
