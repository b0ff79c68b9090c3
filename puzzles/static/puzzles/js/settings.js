// Display settings, remembered in this browser only (localStorage; a page view writes no
// server session): the colour scheme (system, light or dark) and the colour-blind symbols.
// base.html's inline head script applies both before the first paint; this module wires the
// header's menu and keeps other tabs in step. It loads on every page: the symbol key's drawing
// (svg.js) is fetched when the menu first opens, not with the read-only pages.

export const THEME_KEY = "calico-theme";
export const SYMBOLS_KEY = "calico-symbols";
const THEMES = ["system", "light", "dark"];

function read(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage refused (a private window's policy): the defaults apply
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // not remembered, still applied to this page
  }
}

export function theme() {
  const value = read(THEME_KEY);
  return THEMES.includes(value) ? value : "system";
}

export function symbolsOn() {
  return read(SYMBOLS_KEY) === "on";
}

function apply() {
  const root = document.documentElement;
  const chosen = theme();
  if (chosen === "system") delete root.dataset.theme;
  else root.dataset.theme = chosen;
  if (symbolsOn()) root.dataset.symbols = "on";
  else delete root.dataset.symbols;
  for (const input of document.querySelectorAll("[data-theme-choice]")) input.checked = input.value === chosen;
  const box = document.querySelector("[data-symbols-choice]");
  if (box) box.checked = symbolsOn();
}

async function symbolKey(container) {
  const { SYMBOL_NAMES, SYMBOL_WORDS, colorSymbol, svg } = await import("./svg.js");
  container.replaceChildren(...Object.entries(SYMBOL_NAMES).map(([color, name]) => {
    const icon = svg("svg", { viewBox: "-10 -10 20 20", "aria-hidden": "true" }, [colorSymbol(color, 0, 0, 30)]);
    icon.querySelector(".color-symbol").style.display = "inline"; // the key shows even when off
    const item = document.createElement("span");
    item.append(icon, SYMBOL_WORDS[color] || `${color} ${name}`);
    return item;
  }));
}

function wire() {
  const menu = document.querySelector("[data-display-menu]");
  if (!menu) return;
  for (const input of menu.querySelectorAll("[data-theme-choice]")) {
    input.addEventListener("change", () => {
      write(THEME_KEY, input.value);
      apply();
    });
  }
  const box = menu.querySelector("[data-symbols-choice]");
  box.addEventListener("change", () => {
    write(SYMBOLS_KEY, box.checked ? "on" : "off");
    apply();
  });
  const key = menu.querySelector("[data-symbol-key]");
  if (key) {
    const draw = () => {
      if (!menu.open) return;
      menu.removeEventListener("toggle", draw);
      symbolKey(key);
    };
    menu.addEventListener("toggle", draw);
  }
  // Closed by Escape (focus back on its button) or by a click elsewhere.
  menu.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && menu.open) {
      menu.open = false;
      menu.querySelector("summary").focus();
      event.stopPropagation();
    }
  });
  document.addEventListener("click", (event) => {
    if (menu.open && !menu.contains(event.target)) menu.open = false;
  });
}

window.addEventListener("storage", (event) => {
  if (event.key === THEME_KEY || event.key === SYMBOLS_KEY) apply();
});
wire();
apply();
